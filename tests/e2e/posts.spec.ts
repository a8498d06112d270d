import { expect, metaContent, test } from './fixtures';

test('a post shows title, Featured, content, attachment, author and date', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/posts/aoife_byrne/carbon-fibre-drone-frame-v3');
  await expect(page).toHaveTitle('Carbon-fibre drone frame, version 3 | Dublin Makerspace');
  await expect(
    page.getByRole('heading', { name: 'Carbon-fibre drone frame, version 3', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Featured', { exact: true })).toBeVisible();
  await expect(page.locator('pre.post-content')).toContainText('- arms are 12% lighter');
  const attachment = page.getByRole('region', { name: 'Attached File' });
  await expect(attachment).toContainText('bom.csv');
  const download = attachment.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', /^\/assets\/[0-9a-f]{32}\/bom\.csv$/);
  await expect(page.getByText('Posted by')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Aoife Byrne' })).toHaveAttribute(
    'href',
    '/members/aoife_byrne',
  );
  await expect(page.locator('time')).toHaveText('28 October 2026');
  expect(await metaContent(page, 'og:type')).toBe('article');
  await expectAccessible();

  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="bom.csv"/);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(await file.text()).toContain('carbon-fibre arm,4');
});

test('an image attachment is previewed', async ({ page }) => {
  await page.goto('/posts/niamh_walsh/lamp-assay-first-results');
  await expect(page.locator('img.attachment-preview')).toHaveAttribute(
    'src',
    /\/assets\/[0-9a-f]{32}\?w=1280/,
  );
});

test('a post without content or attachment says so', async ({ page }) => {
  for (const path of ['/posts/tomas_kelly/untitled-draft', '/posts/ronan_daly/empty-announcement']) {
    await page.goto(path);
    await expect(page.getByText('This post has no content or attachments.')).toBeVisible();
    await expect(page.locator('pre.post-content')).toHaveCount(0);
  }
});

test('member cards link with the lower-cased username; other casing redirects', async ({ page }) => {
  await page.goto('/posts/Aoife_Byrne/carbon-fibre-drone-frame-v3');
  await expect(page).toHaveURL(/\/posts\/aoife_byrne\/carbon-fibre-drone-frame-v3$/);
});

test('an unknown post answers 404 with the product text', async ({ page, expectAccessible }) => {
  for (const path of ['/posts/aoife_byrne/no-such-post', '/posts/nobody/anything']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Failed to load post: Post not found' })).toBeVisible();
  }
  await expectAccessible();
});
