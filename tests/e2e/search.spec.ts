// The members directory's search (/members?q=): a plain GET form for everyone; with JavaScript
// (members' pages have it) results follow the typing.
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

const cards = (page: import('@playwright/test').Page) =>
  page.locator('.member-grid').getByRole('heading', { level: 2 });

test('a visitor searches by name without accents, by qualification, and finds nobody for nonsense', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/members');
  const search = page.getByRole('search');
  await search.getByLabel('Search members').fill('tomas');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/members\?q=tomas$/);
  await expect(cards(page)).toHaveText(['TOMÁS KELLY']);
  await expect(page.locator('.search-status')).toHaveText('1 member matches “tomas”.');
  await expect(page).toHaveTitle(/^Members matching “tomas” \|/);
  await expect(search.getByLabel('Search members')).toHaveValue('tomas');
  await expectAccessible();

  // A qualification further down the list counts too (Niamh's second is 'Wetlab lead').
  await page.goto('/members?q=wetlab%20LEAD');
  await expect(cards(page)).toHaveText(['NIAMH WALSH']);

  await page.goto('/members?q=zzqqxx');
  await expect(page.getByText('No members found for “zzqqxx”.')).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: 'Show all members' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(cards(page)).not.toHaveCount(0);
  await expect(page.locator('.search-status')).toHaveText('');
});

test('results follow the typing for a member with JavaScript, and the address says what was searched @js-only', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/members');
  await page.getByLabel('Search members').pressSequentially('siobhan', { delay: 30 });
  await expect(page).toHaveURL(/\/members\?q=siobhan$/);
  await expect(cards(page)).toHaveText(['SIOBHÁN MURPHY']);
  await page.getByLabel('Search members').fill('');
  await expect(page).toHaveURL(/\/members\?q=$/);
  // Everyone again (other tests register members meanwhile, so no exact count).
  await expect(cards(page).filter({ hasText: 'AOIFE BYRNE' })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: 'SIOBHÁN MURPHY' })).toHaveCount(1);
});

test('Search pressed before the typing pause sends one search, even when the answer is slow @js-only', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/members');
  // The results take a second: the pause's search would fall due while they are on their way.
  const asked: string[] = [];
  await page.route(
    (url) => url.searchParams.get('q') === 'tomas',
    async (route) => {
      asked.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    },
  );
  await page.getByLabel('Search members').fill('tomas');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(cards(page)).toHaveText(['TOMÁS KELLY']);
  await page.waitForTimeout(500); // past the typing pause: nothing more is sent
  expect(asked).toHaveLength(1);
  // The page fixture fails the test on any error from the page's scripts (an aborted search).
});
