// What a cheap phone gets (docs/performance.md): read pages without scripts, the render cache (what
// a visitor gets, what a member gets, a write showing at once), form pages that load zod only
// when used, and precompressed static files.
import { READ_PAGES } from '../../scripts/demo-site';
import { signedIn } from './accounts';
import { HTTP, expect, test } from './fixtures';

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
  const member = await signedIn(page);
  // Their card is on the search for them (new members join the directory's last page).
  const directory = `/members?q=${member.username}`;
  await request.get(directory);
  const answer = await page.goto(directory);
  expect(answer!.headers()['x-render-cache']).toBeUndefined();
  expect(answer!.headers()['cache-control']).toBe('private, no-cache');
  // The header is the member's (SPEC: profile and logout instead of join).
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await expect(nav.getByRole('button', { name: 'logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'join' })).toHaveCount(0);
  expect(await page.locator(RUNNABLE_SCRIPT).count()).toBeGreaterThan(0);

  const visitor = await request.get(directory);
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

test('a form page loads its validation only when a field is focused, then checks on blur @js-only', async ({
  page,
}) => {
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/register', { waitUntil: 'networkidle' });
  expect(scripts.some((url) => url.includes('/validation-'))).toBe(false);
  // Focusing the form loads it; a field left before it has arrived is checked on submit instead
  // (by the server), so wait for it before leaving one.
  await page.getByLabel('Email', { exact: true }).focus();
  // Loaded means fetched, evaluated with what it imports, and in the form's options.
  await expect(page.locator('form[data-checks="browser"]')).toHaveCount(1);
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Username', { exact: true }).focus();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  expect(scripts.some((url) => url.includes('/validation-'))).toBe(true);
  expect(posts).toEqual([]);
});

test('a page with JavaScript loads and paints before it fetches its scripts, then hydrates cleanly @js-only', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  // A slow stylesheet holds the first paint and the load event. Scripts fetched while the document
  // is read would start before it has arrived; these start only once the page has loaded.
  await page.route('**/build/_assets/*.css', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      stylesheetArrived: resources.find((entry) => entry.name.endsWith('.css'))!.responseEnd,
      loaded: navigation.loadEventStart,
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      scripts: resources
        .filter((entry) => /\/build\/.*\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    };
  });
  expect(timing.firstPaint).toBeGreaterThan(timing.stylesheetArrived);
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(Math.max(timing.stylesheetArrived, timing.loaded));
  // Hydrated: the next page comes by client-side navigation, without a document request.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page
    .getByRole('main')
    .getByRole('link', { name: /register/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
  expect(errors).toEqual([]);
});

test('scripts and styles are sent precompressed', HTTP, async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const files = [...html.matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(files.length).toBeGreaterThan(5);
  let compressed = 0;
  for (const file of new Set(files)) {
    const answer = await request.get(file, { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.headers()['cache-control'], file).toContain('immutable');
    // Files under a kilobyte are sent as they are (one packet either way).
    if ((await answer.body()).length < 1024) continue;
    expect(answer.headers()['content-encoding'], file).toBe('br');
    compressed += 1;
  }
  expect(compressed).toBeGreaterThanOrEqual(3);
});

test('a large attachment shows its upload progress and can be cancelled @js-only', async ({ page }) => {
  await signedIn(page);
  await page.goto('/posts/new');
  const title = `Slow upload ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  const file = {
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]),
  };
  await page.getByLabel('Attachment').setInputFiles(file);
  // Choosing a file loads the progress bar's module, which wraps fetch; a person takes longer than
  // that to press the button (pressed at once, the form goes by plain fetch, whole, without a bar).
  await page.waitForFunction(() => !window.fetch.toString().includes('[native code]'));
  // A slow uplink: 3 MB at 256 KB/s takes about 12 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.getByRole('button', { name: 'Create Post' }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/^Uploading \d+%$/)).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(progress).toBeHidden();
  await expect(page).toHaveURL(/\/posts\/new$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeEnabled();

  // Nothing was kept; sent again at full speed, it is.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.goto('/profile');
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto('/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Attachment').setInputFiles(file);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // One post: the cancelled upload kept nothing.
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(1);
});

test('no landing clip downloads with the page; on screen one plays, off screen it pauses', async ({
  page,
  javaScript,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const clips = new Set<string>();
  page.on('request', (request) => {
    const clip = /\/media\/(\w+)\.(webm|mp4)$/.exec(request.url());
    if (clip) clips.add(clip[1]);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect([...clips]).toEqual([]);
  const frame = page.locator('iframe.loop-video').last();
  await frame.scrollIntoViewIfNeeded();
  const video = frame.contentFrame().locator('video');
  if (!javaScript) {
    // The poster and the play button are the clip; nothing plays by itself.
    await expect(video).toHaveAttribute('controls', '');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect([...clips]).toEqual([]);
    return;
  }
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && !v.controls)).toBe(true);
  expect(clips.has('dna')).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('with reduced motion a landing clip stays a still poster with a play button @js-only', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const frame = page.locator('iframe.loop-video').first();
  await frame.scrollIntoViewIfNeeded();
  const video = frame.contentFrame().locator('video');
  await expect(video).toHaveAttribute('controls', '');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});
