// The portfolio edited from the browser (/admin/projects): create a project with images and a team
// in an order the admin sets, see it on the public pages at once, edit it, delete it; bad input
// changes nothing. JavaScript on and off, on the seeded site and again on the cluster (PostgreSQL,
// files in S3, two instances behind nginx); the portfolio journeys look for the seeded projects by
// name, so the projects made here do not upset them.
import type { Page } from '@playwright/test';
import { pngFile, registered, signedIn, signedInAdmin, type NewMember } from './accounts';
import { expect, expectCrossSiteRefused, test, HTTP } from './fixtures';

const visitorHtml = (page: Page, url: string) =>
  page.request.get(url, { headers: { Cookie: '' } }).then(async (response) => ({
    status: response.status(),
    html: await response.text(),
  }));

/** Chooses a banner and a logo in the project form. */
async function chooseImages(page: Page) {
  await page.getByLabel('Banner').setInputFiles(await pngFile('banner.png', '#0369a1', 1200, 300));
  await page.getByLabel('Logo').setInputFiles(await pngFile('logo.png', '#f59e0b', 200, 200));
}

/** Fills team row `index` (0-based), adding it first when the form does not have it yet. */
async function teamRow(page: Page, index: number, member: NewMember, role: string) {
  const username = page.getByLabel(`Username ${index + 1}`, { exact: true });
  if (!(await username.count())) await page.getByRole('button', { name: 'Add team member' }).click();
  await username.fill(member.username);
  await page.getByLabel(`Role ${index + 1}`, { exact: true }).fill(role);
}

test('an admin creates a project with images and an ordered team, edits it and deletes it; visitors see each change at once', async ({
  page,
  javaScript,
  expectAccessible,
}) => {
  test.slow(); // a dozen forms and four accessibility checks
  const [ana, ben] = [await registered(), await registered()];
  const boss = await signedInAdmin(page);
  const name = `Tide Sensor ${crypto.randomUUID().slice(0, 6)}`;

  await page.goto('/admin/projects');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
  await expectAccessible();
  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New project');
  await expectAccessible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Description').fill('Buoys that report the tide.');
  await page.getByLabel('Website').fill('https://tide.example');
  await page.getByLabel('Tags').fill('IoT, Marine');
  await page.getByLabel('Featured').check();
  await chooseImages(page);
  await teamRow(page, 0, ana, 'Hardware');
  await teamRow(page, 1, ben, 'Lead');
  // Ben leads: he goes first.
  await page.getByRole('button', { name: 'Move team member 2 up' }).click();
  await expect(page.getByLabel('Username 1', { exact: true })).toHaveValue(ben.username);
  // Without JavaScript the buttons above went to the server, which cannot keep chosen files.
  if (!javaScript) {
    await chooseImages(page);
  }
  await page.getByRole('button', { name: 'Create project' }).click();

  await expect(page).toHaveURL(/\/admin\/projects\?saved=tide-sensor-/);
  const slug = new URL(page.url()).searchParams.get('saved')!;
  await expect(page.getByRole('status').filter({ hasText: `/portfolio/${slug}` })).toBeVisible();

  // A visitor (no cookie) sees it on the portfolio and its page, with the team in that order.
  expect((await visitorHtml(page, '/portfolio')).html).toContain(name);
  await page.goto(`/portfolio/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('FEATURED PROJECT', { exact: true })).toBeVisible();
  const team = page.getByRole('region', { name: /Team/ });
  await expect(team.getByRole('link')).toHaveText([new RegExp(ben.fullname), new RegExp(ana.fullname)], {
    useInnerText: true,
  });
  const logo = page.locator('img.project-logo').first();
  await expect(logo).toHaveJSProperty('complete', true);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Edit: a new name, the banner removed; the public page follows.
  await page.getByRole('link', { name: 'Edit project' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Username 1', { exact: true })).toHaveValue(ben.username);
  await expectAccessible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} II`);
  await page.getByLabel('Remove the banner').check();
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/projects\\?saved=${slug}$`));
  const edited = await visitorHtml(page, `/portfolio/${slug}`);
  expect(edited.html).toContain(`${name} II`);

  // Delete after the confirmation step: the page is gone for everyone; the members stay.
  await page.goto('/admin/projects');
  await page.getByRole('link', { name: `Delete ${name} II` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Delete ${name} II?`);
  await expectAccessible();
  await page.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${name} II.` })).toBeVisible();
  expect((await visitorHtml(page, `/portfolio/${slug}`)).status).toBe(404);
  expect((await visitorHtml(page, `/members/${ana.username.toLowerCase()}`)).status).toBe(200);

  await page.goto('/admin/log');
  const log = page.getByRole('region', { name: 'Audit log entries' });
  for (const action of ['created', 'edited', 'deleted'])
    await expect(log.getByRole('row').filter({ hasText: `${action} project ${slug}` })).toContainText(
      `@${boss.username}`,
    );
});

test('bad project input is shown next to its field with what was typed, and creates nothing', async ({
  page,
  baseURL,
}) => {
  await signedInAdmin(page);
  const name = `Bad Input ${crypto.randomUUID().slice(0, 6)}`;
  await page.goto('/admin/projects/new');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(
    /Name is required/,
  );

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Slug').fill('Not A Slug');
  await page.getByLabel('Website').fill('tide dot example');
  await page.getByLabel('Username 1', { exact: true }).fill('nobody_by_that_name');
  await page
    .getByLabel('Banner')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByLabel('Slug')).toHaveAccessibleDescription(/Slug must be lower-case letters/);
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription(/Website must be a full address/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  // The portfolio puts the website in href: a script address is refused, not only blocked by the CSP.
  await page.getByLabel('Website').fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByLabel('Website')).toHaveAccessibleDescription(
    /^Website must start with http:\/\/ or https:\/\//,
  );
  await expect(page.getByLabel('Website')).toHaveValue('javascript:alert(document.cookie)');

  // The form's own rules pass; the store's do not: a member who is not there, an image that is not one.
  await page.getByLabel('Slug').fill('');
  await page.getByLabel('Website').fill('');
  await page
    .getByLabel('Banner')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByLabel('Banner')).toHaveAccessibleDescription(/image/i);
  await page.getByLabel('Banner').setInputFiles(await pngFile('banner.png'));
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByLabel('Username 1', { exact: true })).toHaveAccessibleDescription(
    'No member has this username',
  );
  await expect(page.getByLabel('Username 1', { exact: true })).toHaveValue('nobody_by_that_name');
  const portfolio = await page.request.get('/portfolio').then((response) => response.text());
  expect(portfolio).not.toContain(name);

  // From another site: refused before it reaches the page.
  await expectCrossSiteRefused(page.request, '/admin/projects/new', { multipart: { name } });
  expect(await page.request.get('/portfolio').then((response) => response.text())).not.toContain(name);
  // An id that is not a project's.
  expect((await page.request.get('/admin/projects/ffffffffffff/edit')).status()).toBe(404);
  const ghost = await page.request.post('/admin/projects/ffffffffffff/delete', {
    headers: { Origin: baseURL! },
  });
  expect(ghost.status()).toBe(404);
});

test(
  'a member who is not an admin gets 404 from the project pages and creates nothing',
  HTTP,
  async ({ page, baseURL }) => {
    await signedIn(page);
    for (const url of ['/admin/projects', '/admin/projects/new', '/admin/projects/ffffffffffff/edit'])
      expect((await page.request.get(url)).status(), url).toBe(404);
    const name = `Sneaky ${crypto.randomUUID().slice(0, 6)}`;
    const forged = await page.request.post('/admin/projects/new', {
      headers: { Origin: baseURL! },
      multipart: { name },
    });
    expect(forged.status()).toBe(404);
    expect(await page.request.get('/portfolio').then((response) => response.text())).not.toContain(name);
  },
);
