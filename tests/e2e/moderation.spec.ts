// Moderation and members' own choices: an admin stops a member signing in and lets them back, an
// admin removes someone's post with a reason its author then reads, and a member leaves the
// directory. JavaScript on and off; the sign-in switch also on the Firebase Auth emulator.
import type { Page } from '@playwright/test';
import { firebaseAccount } from '../support/firebase-accounts';
import { currentServer } from '../support/servers';
import { pngFile, signedIn, signedInAdmin, signIn, type NewMember } from './accounts';
import {
  assetStored,
  expect,
  expectCrossSiteRefused,
  IDENTITY,
  listings,
  seededDb,
  test,
  HTTP,
} from './fixtures';

const auditRow = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: text });

/** The admin's row for a member on /admin/members, found by searching. */
async function memberRow(page: Page, member: NewMember) {
  await page.goto(`/admin/members?q=${member.username}`);
  const rows = page.getByRole('region', { name: 'Members' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

test(
  'an admin disables a member’s sign-in: their session ends and they cannot sign in, until re-enabled',
  IDENTITY,
  async ({ page, browser, javaScript, baseURL, expectAccessible }) => {
    test.slow(); // two members signed in in two browsers, several sign-ins, axe twice
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const theirPage = await context.newPage();
    const member = await signedIn(theirPage);
    const boss = await signedInAdmin(page);

    const row = await memberRow(page, member);
    await expect(row).toContainText('Allowed');
    await expectAccessible();
    await row.getByRole('button', { name: `Disable sign-in for @${member.username}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Sign-in disabled for @${member.username}.` }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Members' }).getByRole('row').filter({ hasText: member.email }),
    ).toContainText('Disabled');
    if (currentServer() === 'firebase') expect((await firebaseAccount(member.email))?.disabled).toBe(true);

    // Their session ended; the right password is refused with the product's text.
    await theirPage.goto('/profile');
    await expect(theirPage).toHaveURL(/\/login\?from=%2Fprofile$/);
    await signIn(theirPage, member);
    await expect(theirPage.getByText('This account has been disabled.')).toBeVisible();
    await expect(theirPage).toHaveURL(/\/login/);
    const apiLogin = await theirPage.request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(apiLogin.ok()).toBe(false);

    // Their public page stays; an admin cannot switch themselves off, nor a member who is not there.
    expect((await page.request.get(`/members/${member.username.toLowerCase()}`)).status()).toBe(200);
    const self = await page.request.post('/admin/members?index', {
      headers: { Origin: baseURL! },
      form: { intent: 'disable', username: boss.username },
    });
    expect(await self.text()).toContain('You cannot disable your own sign-in.');
    const nobody = await page.request.post('/admin/members?index', {
      headers: { Origin: baseURL! },
      form: { intent: 'disable', username: 'nobody_by_that_name' },
    });
    expect(await nobody.text()).toContain('That member does not exist.');

    const again = await memberRow(page, member);
    await again.getByRole('button', { name: `Enable sign-in for @${member.username}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Sign-in re-enabled for @${member.username}.` }),
    ).toBeVisible();
    if (currentServer() === 'firebase') expect((await firebaseAccount(member.email))?.disabled).toBe(false);
    await signIn(theirPage, member);
    await expect(theirPage).toHaveURL(/\/profile$/);
    await context.close();

    await page.goto('/admin/log');
    await expect(auditRow(page, `disabled sign-in for @${member.username}`)).toContainText(
      `@${boss.username}`,
    );
    await expect(auditRow(page, `re-enabled sign-in for @${member.username}`)).toHaveCount(1);
  },
);

test(
  'only an admin can switch sign-in: a member’s POST is a 404 and changes nothing',
  HTTP,
  async ({ page, browser, baseURL }) => {
    const context = await browser.newContext();
    const target = await signedIn(await context.newPage());
    await context.close();
    await signedIn(page);
    const forged = await page.request.post('/admin/members?index', {
      headers: { Origin: baseURL! },
      form: { intent: 'disable', username: target.username },
    });
    expect(forged.status()).toBe(404);
    const row = seededDb()
      .prepare('select disabled_at from users where username_key = ?')
      .get(target.username.toLowerCase());
    expect(row).toEqual({ disabled_at: null });
  },
);

test('an admin removes a member’s post with a reason: post and file are gone, the author reads why', async ({
  page,
  browser,
  javaScript,
  baseURL,
  expectAccessible,
}) => {
  test.slow(); // two members in two browsers, a post with a file, axe on three pages
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const theirPage = await context.newPage();
  const author = await signedIn(theirPage);
  const name = author.username.toLowerCase();
  await theirPage.goto('/posts/new');
  await theirPage.getByLabel('Title').fill('Cheap printer filament for sale');
  await theirPage.getByLabel('Content').fill('DM me.');
  await theirPage.getByLabel('Attachment').setInputFiles(await pngFile('ad.png', '#dc2626'));
  await theirPage.getByRole('button', { name: 'Create Post' }).click();
  await expect(theirPage).toHaveURL(/\/profile$/);
  const post = seededDb()
    .prepare(
      'select posts.id, posts.slug, posts.file_id from posts join users on users.id = posts.user_id where users.username_key = ?',
    )
    .get(name) as { id: string; slug: string; file_id: string };

  // A member who is not an admin sees no link, and their POST is a 404.
  await theirPage.goto(`/posts/${name}/${post.slug}`);
  await expect(theirPage.getByRole('link', { name: 'Remove post' })).toHaveCount(0);
  const forged = await theirPage.request.post(`/admin/posts/${post.id}/remove`, {
    headers: { Origin: baseURL! },
    form: { reason: 'mine' },
  });
  expect(forged.status()).toBe(404);

  const boss = await signedInAdmin(page);
  await page.goto(`/posts/${name}/${post.slug}`);
  await page.getByRole('link', { name: 'Remove post' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Remove this post?');
  await expectAccessible();
  // No reason: said next to the field, nothing removed.
  await page.getByRole('button', { name: 'Remove post' }).click();
  await expect(page.getByLabel('Reason')).toHaveAccessibleDescription('Reason is required');
  expect((await page.request.get(`/posts/${name}/${post.slug}`)).status()).toBe(200);
  // From another site: refused.
  await expectCrossSiteRefused(page.request, `/admin/posts/${post.id}/remove`, { form: { reason: 'x' } });
  expect((await page.request.get(`/posts/${name}/${post.slug}`)).status()).toBe(200);

  await page.getByLabel('Reason').fill('Selling things is not what posts are for.');
  await page.getByRole('button', { name: 'Remove post' }).click();
  await expect(page).toHaveURL(/\/admin\/log\?done=post-removed$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Post removed. Its author sees the reason on their profile.' }),
  ).toBeVisible();
  await expect(
    auditRow(page, `removed the post “Cheap printer filament for sale” by @${author.username}`),
  ).toContainText(`@${boss.username}`);

  expect((await page.request.get(`/posts/${name}/${post.slug}`)).status()).toBe(404);
  expect((await page.request.get(`/assets/${post.file_id}`)).status()).toBe(404);
  expect(await assetStored(post.file_id)).toBe(false);
  // Removing it again (a second tab, a replay) finds nothing.
  expect(
    (
      await page.request.post(`/admin/posts/${post.id}/remove`, {
        headers: { Origin: baseURL! },
        form: { reason: 'again' },
      })
    ).status(),
  ).toBe(404);

  await theirPage.goto('/profile');
  const removed = theirPage.getByRole('region', { name: 'Removed posts' });
  await expect(removed).toContainText('An admin removed your post “Cheap printer filament for sale”');
  await expect(removed).toContainText('Reason: Selling things is not what posts are for.');
  await context.close();
});

test('a member hides from the directory: left out of /members, the sitemap and feeds; their page says so', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.slow(); // a post, the setting both ways, four listings read after each, axe twice
  const member = await signedIn(page);
  const name = member.username.toLowerCase();
  await page.goto('/posts/new');
  const title = `Notes from ${member.username} at a quiet bench`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const listed = () => listings(page.request, name, title);
  expect(await listed()).toEqual({ members: true, sitemap: true, feed: true });

  // From another site: refused, still listed.
  await expectCrossSiteRefused(page.request, '/profile/directory', { form: { hidden: '1' } });
  expect(await listed()).toEqual({ members: true, sitemap: true, feed: true });

  const card = page.getByRole('region', { name: 'Directory listing' });
  await card.getByRole('button', { name: 'Hide me from the directory' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are now hidden from the directory.' }),
  ).toBeVisible();
  await expectAccessible();
  expect(await listed()).toEqual({ members: false, sitemap: false, feed: false });
  expect((await page.request.get(`/members/${name}/posts.atom`)).status()).toBe(404);

  // They see how to change it; anyone else reads that they chose not to be listed.
  await page.goto(`/members/${name}`);
  await expect(page.getByText('You are hidden from the members directory.')).toBeVisible();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/members/${name}`);
  await expect(
    visitor.getByText(`${member.fullname} has chosen not to be listed in the members directory.`),
  ).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(visitor);
  await visitorContext.close();

  await page.goto('/profile');
  await card.getByRole('button', { name: 'Show me in the directory' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are listed in the directory again.' }),
  ).toBeVisible();
  expect(await listed()).toEqual({ members: true, sitemap: true, feed: true });
});
