// Against the 'broken' and 'empty' servers (tests/support/servers.ts): a store that really fails,
// and a fresh install with nothing in it.
import { baseUrl } from '../support/servers';
import { expect, test } from './fixtures';

const NOTE = "Probably shouldn't happen, try again later or let us know whichever way you want";

test.describe('when the store fails', () => {
  test.use({ baseURL: baseUrl('broken') });

  test('data pages show product error texts with the note', async ({ page, expectAccessible }) => {
    const cases = [
      ['/members', 'Failed to load members: API request failed with status 500'],
      ['/members/aoife_byrne', 'Failed to load member profile: API request failed with status 500'],
      [
        '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
        'Failed to load post: API request failed with status 500',
      ],
      ['/portfolio', 'Failed to load portfolio: API request failed with status 500'],
      ['/portfolio/coastwatch', 'Failed to load project: API request failed with status 500'],
    ];
    for (const [path, heading] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(500);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByText(NOTE)).toBeVisible();
    }
    await expectAccessible();
  });

  test('the landing page and health check still answer', async ({ page, request }) => {
    expect((await page.goto('/'))?.status()).toBe(200);
    expect((await request.get('/healthz')).status()).toBe(200);
  });
});

test.describe('a fresh install', () => {
  test.use({ baseURL: baseUrl('empty') });

  test('shows honest empty states', async ({ page, expectAccessible }) => {
    await page.goto('/members');
    await expect(page.getByText('No members found.')).toBeVisible();
    await expectAccessible();
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    await expect(page.getByText('No projects found matching the selected criteria.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'All', exact: true })).toBeVisible();
  });
});
