import type { Locator } from '@playwright/test';
import { signedIn } from './accounts';
import { expect, seededDb, test } from './fixtures';

// The demo projects. Admin journeys add projects to the same site while these run, so a list is
// checked by which seeded projects it shows, not by how many cards it has.
const FEATURED = ['CoastWatch', 'YardTest', 'Open Quadruped'];
const OTHERS = ['WeldVision', 'SaltCell', 'KelpPack', 'SwallowSense', 'RockCarbon'];
const SEEDED = [...FEATURED, ...OTHERS];

/** The seeded projects with a card in `scope`, in seeded order. */
async function seededCards(scope: Locator) {
  const shown = await scope
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent),
    );
  return SEEDED.filter((name) => shown.includes(name));
}

test('the portfolio lists featured and other projects with tag filters', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Our Portfolio', level: 1 })).toBeVisible();
  const filters = page.getByRole('navigation', { name: 'Filter projects by tag' }).getByRole('link');
  const names = await filters.allTextContents();
  expect(names[0]).toBe('All');
  expect(names.slice(1)).toEqual(
    [...names.slice(1)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );
  expect(names).toContain('Robotics');
  await expect(filters.first()).toHaveAttribute('aria-current', 'true');

  const featured = page.getByRole('region', { name: 'Featured Projects' });
  await expect.poll(() => seededCards(featured)).toEqual(FEATURED);
  for (const name of FEATURED)
    await expect(featured.getByRole('article', { name, exact: true })).toContainText('FEATURED');
  const all = page.getByRole('region', { name: 'All Projects' });
  await expect.poll(() => seededCards(all)).toEqual(OTHERS);
  await expect(all.getByText('FEATURED', { exact: true })).toHaveCount(0);

  const coastwatch = page.getByRole('article', { name: 'CoastWatch' });
  const description = await coastwatch.locator('p').first().textContent();
  expect(description).toHaveLength(153);
  expect(description!.endsWith('...')).toBe(true);
  await expect(coastwatch.getByRole('link', { name: 'Visit Site' })).toHaveAttribute(
    'href',
    'https://coastwatch.example.ie',
  );
  await expect(coastwatch.getByRole('link', { name: 'Visit Site' })).toHaveAttribute('target', '_blank');
  // A project without a banner shows the placeholder.
  await expect(page.getByRole('article', { name: 'RockCarbon' }).locator('img')).toHaveAttribute(
    'src',
    '/project-placeholder.svg',
  );
  await expectAccessible();

  await coastwatch.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/portfolio\/coastwatch$/);
});

test('the tag filter works as links', async ({ page }) => {
  await page.goto('/portfolio');
  await page
    .getByRole('navigation', { name: 'Filter projects by tag' })
    .getByRole('link', { name: 'Energy' })
    .click();
  await expect(page).toHaveURL(/\/portfolio\?tag=Energy$/);
  await expect(page.getByRole('article', { name: 'SaltCell' })).toBeVisible();
  await expect.poll(() => seededCards(page.getByRole('main'))).toEqual(['SaltCell']);
  // No featured project in the result: no 'All Projects' heading either.
  await expect(page.getByRole('heading', { name: 'Featured Projects' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All Projects' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Robotics' }).first().click();
  await expect(page).toHaveURL(/\/portfolio\?tag=Robotics$/);
  const featured = page.getByRole('region', { name: 'Featured Projects' });
  await expect(featured.getByRole('article', { name: 'CoastWatch', exact: true })).toBeVisible();
  await expect.poll(() => seededCards(featured)).toEqual(['CoastWatch', 'Open Quadruped']);
  await expect.poll(() => seededCards(page.getByRole('main'))).toEqual(['CoastWatch', 'Open Quadruped']);

  await page.goto('/portfolio?tag=Nonexistent');
  await expect(page.getByText('No projects found matching the selected criteria.')).toBeVisible();
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(page.getByRole('article', { name: 'CoastWatch', exact: true })).toBeVisible();
  await expect.poll(() => seededCards(page.getByRole('main'))).toEqual(SEEDED);
});

test('a project page shows everything product lists', async ({ page, expectAccessible }) => {
  await page.goto('/portfolio/open-quadruped');
  await expect(page).toHaveTitle('Open Quadruped | Dublin Makerspace');
  await expect(page.getByRole('heading', { name: 'Open Quadruped', level: 1 })).toBeVisible();
  await expect(page.getByText('FEATURED PROJECT', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to Portfolio' })).toHaveAttribute('href', '/portfolio');
  await expect(page.getByRole('heading', { name: 'About This Project' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Project Website' })).toHaveAttribute(
    'href',
    /github\.com/,
  );
  await expect(page.getByRole('region', { name: 'Tags' }).getByRole('link')).toHaveCount(4);

  const facts = page.getByRole('region', { name: 'Key Facts' });
  await expect(facts).toContainText('Primary focus on Robotics');
  await expect(facts).toContainText('Robotics, Open Source, Hardware');
  await expect(facts).toContainText('10 members');
  await expect(facts).toContainText('Featured project, actively supported');

  const touch = page.getByRole('region', { name: 'Get In Touch' });
  await expect(touch.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /^mailto:/);
  await expect(touch.getByRole('link', { name: 'Back to Portfolio' })).toHaveAttribute('href', '/portfolio');

  // The sticky header appears only after scrolling past 50 px.
  const sticky = page.locator('.sticky-bar');
  await expect(sticky).toBeHidden();
  // Scroll by the protocol (works with page scripts off); a wheel event could be lost on a busy machine.
  await touch.scrollIntoViewIfNeeded();
  await expect(sticky).toBeVisible();
  await expect(sticky.getByRole('link', { name: 'Visit Project' })).toBeVisible();
  await expectAccessible();
});

test('the team pager shows 4 a page and works without JavaScript', async ({ page }) => {
  await page.goto('/portfolio/open-quadruped');
  const team = page.getByRole('region', { name: 'Team Members (10)' });
  await expect(team.getByText('Page 1 of 3')).toBeVisible();
  await expect(team.locator(':scope > .team-list > li')).toHaveCount(4);
  await expect(team.getByRole('link', { name: /Liam Fitzgerald/ })).toHaveAttribute(
    'href',
    '/members/liam_fitzgerald',
  );
  await expect(team.getByRole('link', { name: 'Liam Fitzgerald Project lead, control' })).toBeVisible();
  await team.getByRole('link', { name: 'Next' }).click();
  await expect(team.getByText('Page 2 of 3')).toBeVisible();
  // A visitor has no scripts: the server answers, and the page opens at the card, not the top.
  await expect(page).toHaveURL(/\?team=1#team$/);
  await expect(team).toBeInViewport();
  await team.getByRole('link', { name: 'Next' }).click();
  await expect(team.getByText('Page 3 of 3')).toBeVisible();
  await expect(team.locator(':scope > .team-list > li')).toHaveCount(2);
  await expect(team.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await team.getByRole('link', { name: 'Previous' }).click();
  await expect(team.getByText('Page 2 of 3')).toBeVisible();
});

test("'View All' opens a dialog with the whole team", async ({ page, javaScript, expectAccessible }) => {
  // A visitor gets the page without scripts: the server renders the dialog (?team=all). A member
  // with JavaScript gets a modal dialog without a page load.
  for (const member of javaScript ? [false, true] : [false]) {
    if (member) await signedIn(page);
    await page.goto('/portfolio/open-quadruped');
    await page.getByRole('link', { name: 'View All' }).click();
    const dialog = page.getByRole('dialog', { name: 'All Team Members (10)' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.team-list > li')).toHaveCount(10);
    if (member) {
      expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
      await expect(page).toHaveURL(/open-quadruped$/);
    } else await expect(page).toHaveURL(/\?team=all#team$/);
    await expectAccessible();
    await dialog.getByRole('link', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('small teams have no pager and no View All', async ({ page }) => {
  await page.goto('/portfolio/kelp-pack');
  await expect(page.getByRole('heading', { name: 'Team Members (2)' })).toBeVisible();
  await expect(page.getByText(/Page \d of/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View All' })).toHaveCount(0);
  const facts = page.getByRole('region', { name: 'Key Facts' });
  await expect(facts).toContainText('In development');
});

test('a project is found by id as well as slug', async ({ page }) => {
  const { id } = seededDb().prepare("select id from projects where slug = 'coastwatch'").get() as {
    id: string;
  };
  await page.goto(`/portfolio/${id}`);
  await expect(page.getByRole('heading', { name: 'CoastWatch', level: 1 })).toBeVisible();
});

test('an unknown project shows Project Not Found', async ({ page, expectAccessible }) => {
  const response = await page.goto('/portfolio/no-such-project');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
  await expect(page.getByText('Project not found', { exact: true })).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: 'Return to Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
});

test('the largest paint loads first: the first banner eager and high priority, the others lazy', async ({
  page,
}) => {
  await page.goto('/portfolio');
  const banners = page.locator('.project-card img.banner');
  expect(await banners.count()).toBeGreaterThan(3);
  const first = banners.first();
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  // On a phone the next cards are a screen away; on a wide screen they load straight after layout.
  await expect(banners.nth(1)).toHaveAttribute('loading', 'lazy');
  await expect(banners.nth(1)).not.toHaveAttribute('fetchpriority', /.*/);
  await expect(banners.last()).toHaveAttribute('loading', 'lazy');
  // A card's banner is chosen for the card's width, not the page's.
  await expect(first).toHaveAttribute('sizes', '(max-width: 700px) 100vw, (max-width: 1100px) 50vw, 400px');

  await first.locator('xpath=ancestor::article').getByRole('link').first().click();
  await expect(page.locator('img.project-inline-banner')).toHaveAttribute('fetchpriority', 'high');
});
