// How the lab is used (docs/product.md §11): an admin finds /admin/usage from /admin, a period
// the wrong way round is refused next to its field with what was typed kept, one machine's four
// weeks show its booked hours in the chart's description, the table and the CSV alike; the
// machine's page shows its quiet hours to a visitor. JavaScript on and off.
import fs from 'node:fs';
import { signedInAdmin } from './accounts';
import { expect, test } from './fixtures';
import { fixtureBooking, fixtureMember, fixtureResource } from '../support/admin';
import { addDays, labDayOf, labTime, weekStartOf } from '~/lib/bookings/time';

test('an admin reads a machine’s use as a chart, a table and a CSV file; visitors see its quiet hours', async ({
  page,
  expectAccessible,
}) => {
  const name = `Usage mill ${Date.now().toString(36)}`;
  const { slug } = await fixtureResource({ name, rules: { hours: 'any', maxMinutes: 240 } });
  const member = await fixtureMember('usage');
  // Two Tuesdays 10:00-12:00 (Dublin) in the weeks before this one: 4 hours booked.
  const monday = weekStartOf(labDayOf(new Date()));
  const tuesdays = [addDays(monday, -6), addDays(monday, -13)];
  for (const day of tuesdays)
    await fixtureBooking(member.username, slug, labTime(day, 600).toISOString(), 120);

  await signedInAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Usage', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^The whole lab, / })).toBeVisible();
  await expectAccessible();

  // The last day before the first: the error is next to 'To', the dates stay as typed.
  const [first, last] = [addDays(monday, -14), addDays(monday, -1)];
  await page.getByLabel('From and to dates').check();
  await page.getByLabel('From', { exact: true }).fill(last);
  await page.getByLabel('To', { exact: true }).fill(first);
  await page.getByLabel('Scope', { exact: true }).selectOption({ label: name });
  await page.getByRole('button', { name: 'Show' }).click();
  const to = page.getByLabel('To', { exact: true });
  await expect(to).toHaveAccessibleDescription('The last day must not be before the first');
  await expect(to).toHaveValue(first);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(last);
  await expect(page.getByRole('heading', { name: 'Booked and used' })).toHaveCount(0);

  await page.getByLabel('From', { exact: true }).fill(first);
  await page.getByLabel('To', { exact: true }).fill(last);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name}, `) })).toBeVisible();
  // Open any time: the fortnight's real minutes (20,160, or 60 more or less across a clock change).
  const open = (labTime(monday, 0).getTime() - labTime(first, 0).getTime()) / 60_000;
  const share = (Math.round((240 / open) * 1000) / 10).toFixed(1);
  await expect(
    page.getByRole('img', { name: /^Booked and used, as a share of open time/ }),
  ).toHaveAccessibleDescription(`${name}: booked ${share} %, used –`);
  const row = page
    .getByRole('region', { name: 'Booked and used per resource' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('4 h');
  await expect(page.getByRole('img', { name: 'Booked minutes by hour of the week' })).toBeVisible();
  const hours = page.getByRole('region', { name: 'Booked minutes by hour of the week' });
  await expect(
    hours
      .getByRole('row', { name: /^Tuesday/ })
      .getByRole('cell')
      .nth(10),
  ).toHaveText('120');
  await expectAccessible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe(`usage-${first}-to-${last}-resource-${slug}-resources.csv`);
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]!.startsWith('\uFEFFFrom (Dublin),To (Dublin),From (UTC),To (UTC),Resource,')).toBe(true);
  // The total row: the open minutes, 240 booked and their share, as on the page.
  expect(lines.find((line) => line.includes(',Total,'))).toContain(`,Total,,${open},240,${share},`);

  // A visitor sees when the machine is usually free: Tuesday 10:00-12:00 is not.
  await page.context().clearCookies();
  await page.goto(`/resources/${slug}`);
  await expect(page.getByRole('img', { name: 'How busy each hour of the week usually is' })).toBeVisible();
  const tuesday = page
    .getByRole('region', { name: 'Quiet hours' })
    .getByRole('listitem')
    .filter({ hasText: 'Tuesday' });
  await expect(tuesday).toHaveText('Tuesday: 00:00–10:00, 12:00–24:00');
  await expectAccessible();
});
