// Terms and Privacy (docs/product.md §2): registration and the footer lead to them, the privacy
// notice names the contact and the features that exercise a member's rights, and the lab's own
// Markdown in DATA_DIR/legal replaces the shipped text without a restart.
import fs from 'node:fs';
import path from 'node:path';
import { currentServer, dataDir } from '../support/servers';
import { HTTP, expect, metaContent, test } from './fixtures';

test("registration's links lead to the Terms and the Privacy notice", async ({ page, expectAccessible }) => {
  await page.goto('/register');
  const agreement = page.getByText('By registering you agree to our');
  await agreement.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What you post' })).toBeVisible();
  await expectAccessible();

  await page.goBack();
  await expect(page).toHaveURL('/register');
  await agreement.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expectAccessible();
});

test('the footer links both pages; the privacy notice names the contact and where rights are used', async ({
  page,
}) => {
  await page.goto('/members');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();

  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL('/privacy');
  const notice = page.locator('main');
  const contact = (await page.locator('footer address a[href^="mailto:"]').textContent())!;
  await expect(notice.getByRole('link', { name: contact }).first()).toHaveAttribute(
    'href',
    `mailto:${contact}`,
  );
  await expect(notice.getByRole('link', { name: '/profile/data.zip' })).toHaveAttribute(
    'href',
    '/profile/data.zip',
  );
  await expect(notice.getByRole('link', { name: '/profile/delete' })).toHaveAttribute(
    'href',
    '/profile/delete',
  );
  await expect(notice).toContainText("'Download my data'");
  await expect(notice).toContainText("'Delete my account'");
  await expect(notice).toContainText('Data Protection Commission');
  await expect(notice.getByRole('heading', { name: 'Cookies' })).toBeVisible();
});

test(
  'both pages carry the public meta tags and are in the sitemap',
  HTTP,
  async ({ page, request, baseURL }) => {
    for (const [pathname, title] of [
      ['/terms', 'Terms of use | Dublin Makerspace'],
      ['/privacy', 'Privacy notice | Dublin Makerspace'],
    ]) {
      await page.goto(pathname);
      await expect(page).toHaveTitle(title);
      expect((await metaContent(page, 'description'))?.length, pathname).toBeGreaterThan(20);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${pathname}`);
      expect(await metaContent(page, 'og:title'), pathname).toBe(title);
      // A visitor gets the page without scripts, like the other read pages.
      const html = await (await request.get(pathname)).text();
      expect(html, pathname).not.toContain('__remixContext');
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${baseURL}/terms</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/privacy</loc>`);
  },
);

test(
  "the lab's Markdown in DATA_DIR/legal replaces the shipped text at once, HTML and all escaped",
  HTTP,
  async ({ request }) => {
    const dir = path.join(dataDir(currentServer()), 'legal');
    const file = path.join(dir, 'terms.md');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      file,
      '# Terms of use\n\nAmended by the lab: **be kind**. <script>alert(1)</script> [x](javascript:alert(1))\n',
    );
    try {
      const html = await (await request.get('/terms')).text();
      expect(html).toContain(
        'Amended by the lab: <strong>be kind</strong>. &lt;script&gt;alert(1)&lt;/script&gt; x',
      );
      expect(html).not.toContain('javascript:');
    } finally {
      fs.rmSync(file);
    }
    expect(await (await request.get('/terms')).text()).not.toContain('Amended by the lab');
  },
);
