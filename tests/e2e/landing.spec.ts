import { expect, metaContent, test } from './fixtures';

test('the landing page shows purpose, resources, mission, tools, videos and contact', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Dublin Makerspace');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'send us an email' })).toHaveAttribute('href', /^mailto:/);
  for (const heading of ['Fabrication', 'Electronics and compute', 'Biohacker wetlab']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tools on the floor' })).toBeVisible();

  // Three muted looping videos that download nothing but their posters until played, each in a
  // lazy frame of its own that only this site may frame (playing them: performance.spec.ts).
  const frames = page.locator('iframe.loop-video');
  await expect(frames).toHaveCount(3);
  for (const [i, name] of ['soldering', 'printing', 'dna'].entries()) {
    const frame = frames.nth(i);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('src', `/loops/${name}`);
    await expect(frame).toHaveAttribute('title', /.+/);
    await frame.scrollIntoViewIfNeeded();
    const video = frame.contentFrame().locator('video');
    await expect(video).toHaveAttribute('muted', '');
    await expect(video).toHaveAttribute('loop', '');
    await expect(video).not.toHaveAttribute('autoplay');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', `/media/${name}.webp`);
    await expect(video.locator('source[type="video/webm"]')).toHaveAttribute('src', `/media/${name}.webm`);
    const loop = await page.request.get(`/loops/${name}`);
    expect(loop.headers()['x-frame-options']).toBe('SAMEORIGIN');
    expect(loop.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(loop.headers()['content-security-policy']).toMatch(/script-src 'sha256-[\w+/]+=*'/);
  }
  expect((await page.request.get('/loops/nope')).status()).toBe(404);
  for (const name of ['soldering', 'printing', 'dna']) {
    for (const ext of ['webm', 'mp4', 'webp']) {
      const response = await page.request.get(`/media/${name}.${ext}`);
      expect(response.status(), `${name}.${ext}`).toBe(200);
    }
  }

  const footer = page.locator('footer#contact');
  await expect(footer).toContainText('© 2025');
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  expect(await metaContent(page, 'description')).toContain('No equity taken');
  await expectAccessible();
});

test("'our members' leads to the directory", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'our members' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
});

test('header links for visitors, and contact goes to the footer from any page', async ({ page }) => {
  await page.goto('/portfolio');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('link', { name: 'members' })).toHaveAttribute('href', '/members');
  await expect(nav.getByRole('link', { name: 'portfolio' })).toHaveAttribute('href', '/portfolio');
  await expect(nav.getByRole('link', { name: 'join' })).toHaveAttribute('href', '/login');
  await nav.getByRole('link', { name: 'contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('under 768 px the menu collapses and opens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  await page.locator('summary').filter({ hasText: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'portfolio' })).toBeVisible();
  await menu.getByRole('link', { name: 'portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
});

test('unknown paths answer 404 with the 404 page', async ({ page, expectAccessible }) => {
  for (const path of ['/no-such-page', '/members/aoife_byrne/extra/parts', '/posts/a']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle(/Page Not Found/);
  await expectAccessible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
