import { expect, test } from './fixtures';

// @js-only: pending UI exists only for client-side navigation (the nojs project leaves it out).
test('client navigation shows the loading text while data is on its way @js-only', async ({ page }) => {
  // Read pages carry no scripts for visitors; a page with a form does, and navigates client-side.
  await page.goto('/login');
  // Hold the data request for /members so the pending state is observable.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/members.data*', async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'members' })
    .click();
  // The site-wide status line (the directory has one of its own for search results).
  const pending = page.locator('.pending[role="status"]');
  await expect(pending).toHaveText('Loading members...');
  release();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(pending).toHaveText('');
});
