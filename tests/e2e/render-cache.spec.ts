// The render cache and script-free read pages (docs/performance.md): what a visitor gets, what a
// member gets, and that a write shows at once.
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

const READ_PAGES = [
  '/',
  '/members',
  '/members/niamh_walsh',
  '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
  '/portfolio',
  '/portfolio/open-quadruped',
];
// Structured data for search engines is a <script> element that runs nothing.
const RUNNABLE_SCRIPT = 'script:not([type="application/ld+json"])';

test('a visitor’s read pages have no scripts, and come from the cache the second time', async ({
  page,
  request,
}) => {
  for (const path of READ_PAGES) {
    await page.goto(path);
    await expect(page.locator('main#main')).toBeVisible();
    await expect(page.locator(RUNNABLE_SCRIPT)).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    // Other workers write all the while (each write starts a new data version): wait for a quiet
    // moment, in which a repeat is served from the cache and a conditional request gets 304.
    await expect
      .poll(async () => {
        const first = await request.get(path);
        const again = await request.get(path, { headers: { 'If-None-Match': first.headers().etag } });
        return `${first.headers()['x-render-cache']} ${again.status()}`;
      })
      .toBe('hit 304');
  }
  // A page with a form keeps its JavaScript.
  await page.goto('/login');
  expect(await page.locator(RUNNABLE_SCRIPT).count()).toBeGreaterThan(0);
});

test('a member’s pages never come from the cache, and never reach a visitor', async ({ page, request }) => {
  await request.get('/members');
  const member = await signedIn(page);
  const answer = await page.goto('/members');
  expect(answer!.headers()['x-render-cache']).toBeUndefined();
  expect(answer!.headers()['cache-control']).toBe('private, no-cache');
  // The header is the member's (SPEC: profile and logout instead of join).
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('button', { name: 'logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'join' })).toHaveCount(0);
  expect(await page.locator(RUNNABLE_SCRIPT).count()).toBeGreaterThan(0);

  const visitor = await request.get('/members');
  expect(['hit', 'miss']).toContain(visitor.headers()['x-render-cache']);
  const html = await visitor.text();
  expect(html).toContain('>join<');
  expect(html).not.toContain('logout');
  expect(html).not.toContain('/logout');
  expect(html.split(member.fullname).length - 1).toBe(1); // their card only
});

test('a member’s new post reaches a visitor on the next request', async ({ page, request }) => {
  const member = await signedIn(page);
  const memberPage = `/members/${member.username.toLowerCase()}`;
  const cached = await request.get(memberPage);
  expect(['hit', 'miss']).toContain(cached.headers()['x-render-cache']);
  expect(await cached.text()).not.toContain('Fresh from the cache');
  const title = `Fresh from the cache ${Date.now()}`;

  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const after = await request.get(memberPage);
  expect(await after.text()).toContain(title);
  expect(after.headers()['etag']).not.toBe(cached.headers()['etag']);
});
