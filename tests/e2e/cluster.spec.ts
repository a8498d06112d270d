// Only in the cluster projects (js and nojs ignore this file): two instances behind nginx share everything a visitor needs
// (sessions, rate limits, drafts, files), so consecutive requests may land on either.
import { signedIn } from './accounts';
import { expect, STORE, test } from './fixtures';

test(
  'consecutive requests reach both instances, and a signed-in member stays signed in on each',
  STORE,
  async ({ page }) => {
    await signedIn(page);
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await page.goto('/profile');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      upstreams.add(response!.headers()['x-upstream']);
    }
    expect(upstreams.size).toBe(2);
    const health = await page.request.get('/healthz');
    expect(await health.text()).toBe('ok');
  },
);
