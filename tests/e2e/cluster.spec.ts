// Only in the cluster projects (js and nojs ignore this file): two instances behind nginx share everything a visitor needs
// (sessions, rate limits, drafts, files), so consecutive requests may land on either.
import { signedIn } from './accounts';
import { expect, STORE, test } from './fixtures';

test(
  'consecutive requests reach both instances, and a signed-in member stays signed in on each',
  STORE,
  async ({ page }) => {
    await signedIn(page);
    // The requests go from the page's context (its cookies, so its session) with the page itself
    // closed down: a page's own fetches after load (route manifests, images) would take turns in
    // nginx's rotation between them, and could send every one of these to the same instance.
    await page.goto('about:blank');
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await page.request.get('/profile', { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('My Profile');
      upstreams.add(response.headers()['x-upstream']);
    }
    expect(upstreams.size).toBe(2);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const health = await page.request.get('/healthz');
    expect(await health.text()).toBe('ok');
  },
);
