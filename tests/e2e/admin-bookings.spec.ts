// Running the lab from /admin (docs/product.md §10): an admin makes a resource with its rules and
// sees it on its public page, puts it out of service with a reason (shown there, booking refused);
// books for a member past the rules (past a missing induction only with 'Book anyway'); blocks time for maintenance over that booking (refused, then
// accepted with 'Also cancel': the booking cancelled and the member e-mailed, the calendar showing
// 'Maintenance'); manages an induction. Bad input is shown next to its field with what was typed.
// JavaScript on and off.
import type { Locator, Page } from '@playwright/test';
import { registered, signedInAdmin } from './accounts';
import { expect, HTTP, test } from './fixtures';
import { fixtureBooking, fixtureInduction, fixtureMember, fixtureResource } from '../support/admin';
import { attachment, waitForMail } from '../support/mail';
import fs from 'node:fs';
import { labIso, utcIso } from '../../app/lib/bookings/day-csv';
import { addDays, labDayOf, labTime, longDayName } from '../../app/lib/bookings/time';

const tag = () => crypto.randomUUID().slice(0, 6);
/** A field by its label; a required one's label ends with a star that is hidden from screen readers. */
const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

test('an admin creates a resource with its rules, sees it on its page, and puts it out of service; bad rules are shown next to their fields', async ({
  page,
  expectAccessible,
}) => {
  test.slow(); // several forms and three accessibility checks
  await signedInAdmin(page);
  const name = `Fibre Laser ${tag()}`;

  await page.goto('/admin/resources');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resources');
  await expectAccessible();
  await page.getByRole('link', { name: 'New resource' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New resource');

  // Longest under shortest, Monday closing before it opens, out of service without a reason.
  await field(page, 'Name').fill(name);
  await field(page, 'Kind').selectOption({ label: 'Electronics and compute' });
  await field(page, 'Slot length').selectOption({ label: '30 minutes' });
  await field(page, 'Shortest booking (minutes)').fill('60');
  await field(page, 'Longest booking (minutes)').fill('30');
  await field(page, 'Opening hours').selectOption({ label: 'Hours per weekday' });
  await field(page, 'Monday opens').fill('18:00');
  await field(page, 'Monday closes').fill('09:00');
  await field(page, 'Status').selectOption({ label: 'Out of service' });
  await field(page, 'Most hours per member per week').fill('6');
  await page.getByRole('button', { name: 'Create resource' }).click();

  await expect(field(page, 'Longest booking (minutes)')).toHaveAccessibleDescription(
    /Longest booking must be at least the shortest booking/,
  );
  await expect(field(page, 'Monday closes')).toHaveAccessibleDescription(
    /Closing time must be after opening time/,
  );
  await expect(field(page, 'Reason it is out of service')).toHaveAccessibleDescription(
    /Say why it is out of service/,
  );
  await expect(field(page, 'Name')).toHaveValue(name);
  await expect(field(page, 'Monday opens')).toHaveValue('18:00');
  await expectAccessible();
  await expect(field(page, 'Shortest booking (minutes)')).toHaveValue('60');
  await expect(field(page, 'Most hours per member per week')).toHaveValue('6');
  await expectAccessible();

  await field(page, 'Longest booking (minutes)').fill('120');
  await field(page, 'Monday closes').fill('22:00');
  await field(page, 'Status').selectOption({ label: 'Available' });
  await page.getByRole('button', { name: 'Create resource' }).click();
  await expect(page).toHaveURL(/\/admin\/resources\?saved=fibre-laser-/);
  const slug = new URL(page.url()).searchParams.get('saved')!;

  await page.goto(`/resources/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Monday 18:00–22:00')).toBeVisible();
  await expect(page.getByText(/up to 6 hours here per week/)).toBeVisible();

  // Out of service with a reason over a member's booking: cancelled with 'Also cancel those
  // bookings', the member told why; shown on its page, and booking it is refused.
  const member = await fixtureMember('laser');
  await fixtureBooking(member.username, slug, labTime(nextMonday(), 20 * 60).toISOString(), 60);
  await page.goto('/admin/resources');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(field(page, 'Monday opens')).toHaveValue('18:00');
  await expect(page.getByLabel('Also cancel those bookings')).toHaveAccessibleDescription(
    'It has 1 upcoming booking. Out of service, its member is e-mailed the reason; tick this to cancel it too.',
  );
  // Before it is done, the page names the booking it touches: who, which machine, when.
  await expect(
    page.getByRole('list', { name: 'What taking it out of service touches (1):' }).getByRole('listitem'),
  ).toHaveText(
    new RegExp(`^Test Member \\(@${member.username}\\), ${name}, Monday \\d+ \\w+ \\d{4}, 20:00–21:00$`),
  );
  await expectAccessible();
  await field(page, 'Status').selectOption({ label: 'Out of service' });
  await field(page, 'Reason it is out of service').fill('Laser tube cracked');
  await page.getByLabel('Also cancel those bookings').check();
  await page.getByRole('button', { name: 'Save resource' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText(
    '1 upcoming booking of it was cancelled; 1 member e-mailed the reason.',
  );
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(
    'Out of service: Laser tube cracked',
  );
  // The audit log says what changed, old → new, when in words on Dublin's clock, and no ids.
  await page.goto('/admin/log');
  const log = page.getByRole('region', { name: 'Audit log entries' });
  const edited = log.getByRole('row').filter({ hasText: `edited resource ${slug}` });
  await expect(edited).toContainText(
    'Status: Available → Out of service; Reason it is out of service: empty → “Laser tube cracked”',
  );
  await expect(edited.getByRole('cell').first()).toHaveText(/^\w+day \d+ \w+ \d{4}, \d\d:\d\d$/);
  await expect(log.getByRole('row').filter({ hasText: `cancelled the booking of ${name}` })).toContainText(
    /Monday \d+ \w+ \d{4}, 20:00 for @/,
  );
  expect(await log.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\d{4}-\d\d-\d\dT\d\d:/);
  const told = await waitForMail(member.email, (mail) => mail.subject === `Out of service: ${name}`);
  expect(told.text).toContain(
    `${name} is out of service: Laser tube cracked. The lab cancelled your booking of ${name}`,
  );
  await page.goto(`/resources/${slug}`);
  await expect(page.getByRole('note')).toContainText('Laser tube cracked');
  const monday = labTime(nextMonday(), 19 * 60).toISOString();
  await page.goto(`/resources/${slug}/book?start=${encodeURIComponent(monday)}`);
  await expect(page.getByText(`${name} is out of service and cannot be booked.`)).toBeVisible();
});

test('an admin books for a member past the rules, then blocks that time for maintenance: refused, then accepted with the booking cancelled and the member told', async ({
  page,
  expectAccessible,
}) => {
  test.slow();
  const member = await registered();
  const boss = await signedInAdmin(page);
  const name = `Pick and Place ${tag()}`;
  // Two hours at most, a day's notice: the admin's three hours tomorrow pass anyway. The induction
  // the member lacks needs 'Book anyway'.
  const induction = await fixtureInduction({ name: 'Pick and place induction' });
  const resource = await fixtureResource({
    name,
    rules: { maxMinutes: 120, noticeMinutes: 24 * 60 },
    induction: induction.slug,
  });
  const day = addDays(labDayOf(new Date()), 1);

  await page.goto(`/admin/resources/${resource.id}/maintenance`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}: maintenance and bookings`);
  await expectAccessible();

  const behalf = page.getByRole('region', { name: 'Book for a member' });
  await field(behalf, 'Member’s username').fill(member.username);
  await field(behalf, 'Date').fill(day);
  await field(behalf, 'Time').fill('10:00');
  await field(behalf, 'Length (minutes)').fill('180');
  await behalf.getByRole('button', { name: 'Book for the member' }).click();
  await expect(field(behalf, 'Reason')).toHaveAccessibleDescription(/Reason is required/);
  await expect(field(behalf, 'Length (minutes)')).toHaveValue('180');
  await field(behalf, 'Reason').fill('Thesis prototype run');
  await behalf.getByRole('button', { name: 'Book for the member' }).click();
  await expect(behalf.getByLabel('Book anyway')).toHaveAccessibleDescription(
    `Past a missing or expired induction, an out-of-service resource or too few credits. @${member.username} does not hold a valid ${induction.name}. Tick ‘Book anyway’ to book past it; the reason goes in the audit log.`,
  );
  await expect(field(behalf, 'Reason')).toHaveValue('Thesis prototype run');
  await behalf.getByLabel('Book anyway').check();
  await behalf.getByRole('button', { name: 'Book for the member' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Booked for @${member.username}; they were e-mailed the confirmation.` }),
  ).toBeVisible();
  const confirmation = await waitForMail(
    member.email,
    (mail) => mail.subject === `Booking confirmed: ${name}`,
  );
  // Three hours, past the two-hour longest booking and the day's notice.
  expect(attachment(confirmation.raw, 'booking.ics')).toMatch(/DTSTART:\d{8}T\d{6}Z[\s\S]*DTEND:/);
  expect(confirmation.raw).toContain('10:00=E2=80=9313:00');

  // A block over it: refused, with the booking listed; what was typed stays.
  const block = page.getByRole('region', { name: 'Block time for maintenance' });
  await field(block, 'Start date').fill(day);
  await field(block, 'Start time').fill('09:00');
  await field(block, 'End date').fill(day);
  await field(block, 'End time').fill('11:00');
  await block.getByRole('button', { name: 'Add maintenance block' }).click();
  await expect(field(block, 'Reason')).toHaveAccessibleDescription(/Reason is required/);
  await field(block, 'Reason').fill('Nozzle calibration');
  await block.getByRole('button', { name: 'Add maintenance block' }).click();
  await expect(block.getByRole('alert')).toContainText(`1 booking stands in that time:`);
  await expect(block.getByRole('alert')).toContainText(`10:00–13:00 (@${member.username})`);
  await expect(field(block, 'Start time')).toHaveValue('09:00');
  await expectAccessible();

  await block.getByRole('checkbox', { name: 'Also cancel those bookings' }).check();
  await block.getByRole('button', { name: 'Add maintenance block' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Maintenance block added. 1 booking was cancelled and its member e-mailed.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming maintenance' })).toContainText(
    'Nozzle calibration',
  );
  // What the server said last: no stale 'stands in that time' above the form.
  await expect(block.getByRole('alert')).toHaveCount(0);
  const cancelled = await waitForMail(member.email, (mail) => mail.subject === `Booking cancelled: ${name}`);
  expect(cancelled.text).toContain('was cancelled by the lab: Nozzle calibration');

  await page.goto(`/resources/${resource.slug}?from=${day}`);
  await expect(page.getByText('Maintenance').first()).toBeVisible();

  await page.goto('/admin/log');
  const log = page.getByRole('region', { name: 'Audit log entries' });
  for (const action of [
    `booked anyway ${name}`,
    `cancelled the booking of ${name}`,
    `blocked for maintenance ${name}`,
  ])
    await expect(log.getByRole('row').filter({ hasText: action })).toContainText(`@${boss.username}`);

  // The machine is ready sooner: 'End early', refused before the start, then an hour sooner.
  await page.goto(`/admin/resources/${resource.id}/maintenance`);
  const upcoming = page.getByRole('region', { name: 'Upcoming maintenance' });
  await upcoming.getByText('End early', { exact: true }).first().click();
  await expect(field(upcoming, 'New end time')).toHaveValue('11:00');
  await field(upcoming, 'New end time').fill('08:30');
  await upcoming.getByRole('button', { name: /End the maintenance block .* early/ }).click();
  await expect(field(upcoming, 'New end time')).toHaveAccessibleDescription(
    'The end must be after the start',
  );
  await expect(field(upcoming, 'New end time')).toHaveValue('08:30');
  await field(upcoming, 'New end time').fill('10:00');
  await upcoming.getByRole('button', { name: /End the maintenance block .* early/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Maintenance now ends at ${longDayName(day)}, 10:00` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming maintenance' })).toContainText('09:00–10:00');

  // Removing the block frees the time.
  await page.getByRole('button', { name: /Remove the maintenance block/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Maintenance block removed.' })).toBeVisible();
  await expect(page.getByText('No maintenance planned.')).toBeVisible();
});

test('an admin names an inductor, signs a member off and revokes it with a reason', async ({
  page,
  expectAccessible,
}) => {
  const [inductor, member] = [await registered(), await registered()];
  await signedInAdmin(page);
  const induction = await fixtureInduction({ name: 'Reflow oven' });
  const ovenName = `Reflow oven ${tag()}`;
  const oven = await fixtureResource({ name: ovenName, induction: induction.slug });

  await page.goto('/admin/inductions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inductions');
  await expectAccessible();
  await page.getByRole('button', { name: 'Create induction' }).click();
  await expect(field(page, 'Name')).toHaveAccessibleDescription(/Name is required/);
  await page.getByRole('link', { name: `Manage ${induction.name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(induction.name);

  await field(page, 'Username of the new inductor').fill(inductor.username);
  await page.getByRole('button', { name: 'Name inductor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Inductor named.' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove @${inductor.username} as inductor` })).toBeVisible();

  await field(page, 'Member’s username').fill(member.username);
  await field(page, 'Note').fill('Did the solder-paste run');
  await page.getByRole('button', { name: 'Sign off' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Member signed off.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `@${member.username}` });
  await expect(row).toContainText('Did the solder-paste run');

  // Before revoking, the page names the booking of theirs it touches: machine and time.
  const day = addDays(labDayOf(new Date()), 2);
  await fixtureBooking(member.username, oven.slug, labTime(day, 10 * 60).toISOString(), 60);
  await page.reload();
  await expect(
    row
      .getByRole('list', { name: `It touches @${member.username}’s upcoming booking that needs it:` })
      .getByRole('listitem'),
  ).toHaveText(new RegExp(`\\(@${member.username}\\), ${ovenName}, \\w+day \\d+ \\w+ \\d{4}, 10:00–11:00$`));
  await expectAccessible();

  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(field(page, `Reason to revoke @${member.username}`)).toHaveAccessibleDescription(
    /Say why it is revoked/,
  );
  await field(page, `Reason to revoke @${member.username}`).fill('Skipped the fume extractor');
  await page
    .getByRole('row')
    .filter({ hasText: `@${member.username}` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Induction revoked; @${member.username} was e-mailed the reason.` }),
  ).toContainText(`still stands: `);
  await expect(page.getByRole('row').filter({ hasText: `@${member.username}` })).toContainText(
    'Skipped the fume extractor',
  );
});

/** The next Monday after today, as a lab day. */
function nextMonday() {
  let day = addDays(labDayOf(new Date()), 1);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
}

test('staff see the day by resource and member, print its sheet, and cancel a booking with a reason the member is told', async ({
  page,
  expectAccessible,
}) => {
  const boss = await signedInAdmin(page);
  const name = `Lathe ${tag()}`;
  const resource = await fixtureResource({ name });
  const [ana, bo, cy] = await Promise.all([fixtureMember('ana'), fixtureMember('bo'), fixtureMember('cy')]);
  // Cy is at the bandsaw now: booked from this quarter hour, checked in by staff.
  const bandsaw = { name: `Bandsaw ${tag()}` };
  const saw = await fixtureResource({ name: bandsaw.name, rules: { checkInGraceMinutes: 15 } });
  const quarter = new Date(Math.floor(Date.now() / 900_000) * 900_000);
  const cyBooking = await fixtureBooking(cy.username, saw.slug, quarter.toISOString(), 60);
  const checkedIn = await page.request.post(`/resources/${saw.slug}/here`, {
    form: { intent: 'check-in-for', booking: cyBooking.trim(), reason: 'At the desk' },
    maxRedirects: 0,
  });
  expect(checkedIn.status()).toBeLessThan(400);
  const day = addDays(labDayOf(new Date()), 2);
  await fixtureBooking(ana.username, resource.slug, labTime(day, 9 * 60).toISOString(), 60);
  await fixtureBooking(bo.username, resource.slug, labTime(day, 11 * 60).toISOString(), 90);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bookings');
  await field(page, 'Resource').selectOption({ label: name });
  await field(page, 'Day').fill(day);
  await page.getByRole('button', { name: 'Show bookings' }).click();
  await expect(page).toHaveURL(new RegExp(`resource=${resource.slug}&day=${day}`));
  const table = page.getByRole('region', { name: 'Bookings found' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(`@${ana.username}`);
  await expect(table.getByRole('row').nth(2)).toContainText('11:00–12:30');
  await expectAccessible();

  // Who is in the lab now, checked in, since when (on Dublin's clock).
  const inLab = page.getByRole('region', { name: 'In the lab now' });
  await expect(inLab.getByRole('listitem').filter({ hasText: `@${cy.username}` })).toHaveText(
    new RegExp(
      `^Test Member \\(@${cy.username}\\) at ${bandsaw.name}, checked in since \\w+day \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d, booked until \\d\\d:\\d\\d$`,
    ),
  );

  // The previous and next day keep the filters.
  const days = page.getByRole('navigation', { name: 'Days' });
  await days.getByRole('link', { name: 'Next day' }).click();
  await expect(page).toHaveURL(new RegExp(`resource=${resource.slug}&day=${addDays(day, 1)}$`));
  await expect(page.getByText('No bookings match.')).toBeVisible();
  await days.getByRole('link', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(new RegExp(`resource=${resource.slug}&day=${day}$`));
  await expect(table.getByRole('row')).toHaveCount(3);

  // The day as a CSV file for a spreadsheet: BOM, CRLF, Dublin time with its offset and UTC.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    days.getByRole('link', { name: /^Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`bookings-${day}-${resource.slug}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFResource,Kind,Username,Name,Status,Start (Dublin),')).toBe(true);
  const lines = csv.split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[1]).toBe(
    [
      name,
      'Booking',
      ana.username,
      'Test Member',
      'Booked',
      labIso(labTime(day, 9 * 60).toISOString()),
      labIso(labTime(day, 10 * 60).toISOString()),
      utcIso(labTime(day, 9 * 60).toISOString()),
      utcIso(labTime(day, 10 * 60).toISOString()),
      '',
      '',
    ].join(','),
  );
  const headers = (
    await page.request.get(`/admin/bookings/csv?resource=${resource.slug}&day=${day}`)
  ).headers();
  expect([headers['cache-control'], headers['content-type']]).toEqual([
    'private, no-store',
    'text/csv; charset=utf-8',
  ]);

  // The day sheet: both bookings, in order.
  await page.getByRole('navigation', { name: 'Day sheets' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name}:`);
  await expect(page.getByRole('table')).toContainText(`@${ana.username}`);
  await expect(page.getByRole('table')).toContainText(`@${bo.username}`);
  await expectAccessible();
  await page.getByRole('link', { name: 'Back to bookings' }).click();

  // Cancelling needs a reason; then the member is told it.
  const row = table.getByRole('row').filter({ hasText: `@${bo.username}` });
  await row.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(row.getByRole('textbox')).toHaveAccessibleDescription(/Reason is required/);
  await row.getByRole('textbox').fill('Chuck being replaced');
  await row.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Booking cancelled; the member was e-mailed the reason.' }),
  ).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  const mail = await waitForMail(bo.email, (message) => message.subject === `Booking cancelled: ${name}`);
  expect(mail.text).toContain('was cancelled by the lab: Chuck being replaced');

  // By member: everything of theirs ahead.
  await page.goto(`/admin/bookings?member=${ana.username.toUpperCase()}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `Upcoming for @${ana.username.toUpperCase()}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bookings found' }).getByRole('row')).toHaveCount(2);

  // The export named members: it is in the audit log.
  await page.goto('/admin/log');
  await expect(
    page
      .getByRole('region', { name: 'Audit log entries' })
      .getByRole('row')
      .filter({ hasText: `downloaded as CSV the bookings of ${longDayName(day)} (${name})` })
      .first(),
  ).toContainText(`@${boss.username}`);
});

test(
  'the maintenance page answers a form it does not have, or one too large, with a message',
  HTTP,
  async ({ page, baseURL }) => {
    await signedInAdmin(page);
    const resource = await fixtureResource({ name: `Lathe ${tag()}` });
    const url = `/admin/resources/${resource.id}/maintenance`;
    const post = (form: Record<string, string>) =>
      page.request.post(url, { headers: { Origin: baseURL! }, form, maxRedirects: 0 });
    for (const intent of ['bogus', '']) {
      const unknown = await post({ intent, startDay: '2030-01-01' });
      expect(unknown.status(), intent).toBe(400);
      expect(await unknown.text()).toContain('That form is not on this page: reload it.');
    }
    // 'End early' on a block this page does not have (unknown, or another resource's): a banner, no change.
    const other = await fixtureResource({ name: `Mill ${tag()}` });
    const otherUrl = `/admin/resources/${other.id}/maintenance`;
    const day = labDayOf(new Date(Date.now() + 3 * 86_400_000));
    const added = await page.request.post(otherUrl, {
      headers: { Origin: baseURL! },
      form: {
        intent: 'maintenance',
        startDay: day,
        startTime: '09:00',
        endDay: day,
        endTime: '12:00',
        reason: 'Spindle',
      },
    });
    const otherBlock = /name="block" value="([^"]+)"/.exec(await added.text())?.[1];
    expect(otherBlock).toBeTruthy();
    for (const block of ['no-such-block', otherBlock!]) {
      const stray = await post({ intent: 'shorten', block, endDay: day, endTime: '10:00' });
      expect(stray.status(), block).toBe(404);
      expect(await stray.text()).toContain(
        'That block is not planned any more: it was removed or has ended.',
      );
    }
    expect(await (await page.request.get(otherUrl)).text()).toContain('09:00–12:00');
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`field${index}`, 'x']));
    const huge = await post({ intent: 'maintenance', ...fields });
    expect(huge.status()).toBe(413);
    expect(await huge.text()).toContain('The form is too large.');
  },
);
