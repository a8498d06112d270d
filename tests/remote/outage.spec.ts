// Site B while its backend is away (docs/api.md): a refused connection and a backend that never
// answers show docs/product.md §8's error views, and B recovers by itself when the backend is back.
// Runs alone, after the B journeys, since it takes the backend away from every page of B.
import { remoteControlUrl } from '../support/remote-site';
import { expect, test } from '../e2e/fixtures';

const NOTE = "Probably shouldn't happen, try again later or let us know whichever way you want";
const backend = (mode: 'up' | 'down' | 'hang') => fetch(`${remoteControlUrl()}/${mode}`, { method: 'POST' });

// One backend for both tests: they must not overlap.
test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await backend('up');
});

for (const [mode, status] of [
  ['down', 503],
  ['hang', 504],
] as const) {
  test(`backend ${mode}: error views with status ${status}, then B recovers`, async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await backend(mode);
      // B keeps a visitor's page for at most a second (docs/performance.md): let it lapse.
      await page.waitForTimeout(1100);
      const members = await page.goto('/members');
      expect(members?.status()).toBe(status);
      await expect(
        page.getByRole('heading', {
          name: `Failed to load members: API request failed with status ${status}`,
        }),
      ).toBeVisible();
      await expect(page.getByText(NOTE)).toBeVisible();
      await page.goto('/portfolio');
      await expect(
        page.getByRole('heading', {
          name: `Failed to load portfolio: API request failed with status ${status}`,
        }),
      ).toBeVisible();
      expect((await page.request.get('/healthz')).status()).toBe(503);

      await backend('up');
      await page.goto('/members');
      await expect(page.getByRole('article', { name: 'AOIFE BYRNE' })).toBeVisible();
      expect((await page.request.get('/healthz')).status()).toBe(200);
      await context.close();
    }
  });
}
