import { HTTP, expect, metaContent, test } from './fixtures';

const pages = [
  '/',
  '/members',
  '/members/aoife_byrne',
  '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
  '/portfolio',
  '/portfolio/coastwatch',
];

test('every public page has title, description, keywords, canonical, Open Graph and Twitter tags', async ({
  page,
  baseURL,
}) => {
  for (const path of pages) {
    await page.goto(path);
    expect(await page.title(), path).toMatch(/Dublin Makerspace/);
    const description = await metaContent(page, 'description');
    expect(description?.length, path).toBeGreaterThan(20);
    expect(description!.length, path).toBeLessThanOrEqual(160);
    expect(await metaContent(page, 'keywords'), path).toContain('makerspace');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:card', 'twitter:title']) {
      expect(await metaContent(page, key), `${path} ${key}`).toBeTruthy();
    }
  }
});

test('pages are complete in the first HTML response, with security headers', HTTP, async ({ request }) => {
  const response = await request.get('/members');
  const html = await response.text();
  expect(html).toContain('AOIFE BYRNE');
  expect(html).not.toContain('Loading members...');
  const headers = response.headers();
  // A visitor's read page runs no script: its policy allows none (a member's allows this answer's nonce).
  expect(headers['content-security-policy']).toContain("script-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('robots.txt and sitemap.xml list the public site', HTTP, async ({ request, baseURL }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  for (const path of [
    '/members',
    '/portfolio',
    '/members/kofi_mensah',
    '/posts/tomas_kelly/first-post',
    '/portfolio/open-quadruped',
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
});

test('assets: types, caching, variants and downloads', async ({ page, request }) => {
  await page.goto('/members/aoife_byrne');
  const src = (await page.locator('img.profile-avatar').getAttribute('src'))!;
  const id = src.match(/\/assets\/([0-9a-f]{32})/)![1];

  const original = await request.get(`/assets/${id}`);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toBe('image/png');
  expect(original.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(original.headers()['x-content-type-options']).toBe('nosniff');
  expect(original.headers()['content-disposition']).toMatch(/^inline/);
  const etag = original.headers()['etag'];
  expect(etag).toBeTruthy();
  expect((await request.get(`/assets/${id}`, { headers: { 'If-None-Match': etag } })).status()).toBe(304);

  const variant = await request.get(`/assets/${id}?w=170`);
  expect(variant.headers()['content-type']).toBe('image/webp');
  expect(variant.headers()['etag']).not.toBe(etag);
  expect((await request.get(`/assets/${id}/image.png`)).headers()['content-type']).toBe('image/png');
});

test('bad asset addresses answer 404 and never reach the disk', HTTP, async ({ request }) => {
  for (const path of [
    '/assets/0123456789abcdef0123456789abcdef',
    '/assets/not-an-id',
    '/assets/..%2F..%2Fetc%2Fpasswd',
    '/assets/%2e%2e/%2e%2e/etc/passwd',
    '/assets/<script>\'"',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('root:');
  }
});
