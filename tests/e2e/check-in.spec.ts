// Used, not just booked (docs/product.md §10 'Check-in'): a member checks in at the machine's page
// (its QR code's address) and checks out early, freeing the rest; a booking nobody checked in to
// is released by the running site's worker and the member told; an inductor or admin checks a
// member in for them. Bookings are written in the store at times the test picks (its clock): one
// starting now, one that started 20 minutes ago.
import { signedIn, signedInAdmin } from './accounts';
import { expect, HTTP, test } from './fixtures';
import { fixtureBooking, fixtureMember, fixtureResource } from '../support/admin';
import { waitForMail } from '../support/mail';
import { labClock, labDayOf } from '../../app/lib/bookings/time';

const QUARTER = 15 * 60_000;
/** The start of the current quarter hour. */
const thisQuarter = () => new Date(Math.floor(Date.now() / QUARTER) * QUARTER);
/**
 * A start that can be checked in to now and for at least 5 more minutes (the window is 15 minutes
 * before to 15 after): this quarter, or the next one late in it.
 */
const checkInStart = () => {
  const quarter = thisQuarter();
  return Date.now() - quarter.getTime() < 10 * 60_000 ? quarter : new Date(quarter.getTime() + QUARTER);
};

const checkInMachine = () =>
  fixtureResource({
    name: 'Check-in Laser',
    rules: { checkInGraceMinutes: 15, slotMinutes: 15, minMinutes: 15, maxMinutes: 240 },
  });

test('check in at the machine, check out early: the rest of the slot is free; the history says so', async ({
  page,
  expectAccessible,
}) => {
  const member = await signedIn(page);
  const machine = await checkInMachine();
  const start = checkInStart();
  await fixtureBooking(member.username, machine.slug, start.toISOString(), 120);

  // Inside the check-in window, My bookings leads to the machine's page.
  await page.goto('/bookings');
  await page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('link', { name: new RegExp(`^Check in: Check-in Laser, .*${labClock(start)}`) })
    .click();
  await expect(page).toHaveURL(`/resources/${machine.slug}/here`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in Laser' })).toBeVisible();
  const yours = page.getByRole('region', { name: 'Your booking' });
  await expect(yours).toContainText('Booked');
  await expectAccessible();
  await yours.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Checked in. Enjoy the machine.');
  await expect(yours).toContainText('Checked in');

  // An hour on is booked until the check-out frees it.
  const later = new Date(start.getTime() + 4 * QUARTER);
  await page.goto(`/resources/${machine.slug}?from=${labDayOf(start)}`);
  const today = page.locator(`section[aria-labelledby="day-${labDayOf(later)}"]`);
  await expect(today.getByRole('link', { name: `${labClock(later)} Free` })).toHaveCount(0);
  await page.goto(`/resources/${machine.slug}/here`);
  await yours.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Checked out: the rest of your slot is free for others.',
  );
  await page.goto(`/resources/${machine.slug}?from=${labDayOf(start)}`);
  await expect(today.getByRole('link', { name: `${labClock(later)} Free` })).toBeVisible();

  await page.goto('/bookings');
  const past = page
    .getByRole('region', { name: 'Past' })
    .getByRole('listitem')
    .filter({ hasText: 'Check-in Laser' });
  await expect(past).toContainText('Checked out early');
  await past.getByText('History').click();
  // (The fixture wrote the booking in the store: no 'Booked' event.)
  await expect(past.getByRole('listitem')).toHaveText([/Checked in$/, /Checked out$/]);
});

test('nobody checked in: the worker releases the booking, the member is mailed, the machine is free', async ({
  page,
}) => {
  const member = await signedIn(page);
  const machine = await checkInMachine();
  const start = new Date(thisQuarter().getTime() - 2 * QUARTER);
  await fixtureBooking(member.username, machine.slug, start.toISOString(), 120);

  // The site's worker passes every 5 s: the mail is what it leaves behind.
  const mail = await waitForMail(member.email, (sent) => sent.subject === 'Booking released: Check-in Laser');
  expect(mail.text).toMatch(
    /^Your booking of Check-in Laser at \w+ \d+ \w+ \d{4}, \d\d:\d\d was released because nobody checked in\./,
  );
  expect(mail.text).toContain(labClock(start));

  await page.goto(`/resources/${machine.slug}/here`);
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText(
    'Released: nobody checked in',
  );
  await page.goto('/bookings');
  await expect(
    page.getByRole('region', { name: 'Past' }).getByRole('listitem').filter({ hasText: 'Check-in Laser' }),
  ).toContainText('Released: nobody checked in');
  // Free from the start plus the grace: the next quarter is bookable again. To its member, the
  // minutes it held show as released, not as their booking.
  await page.goto(`/resources/${machine.slug}?from=${labDayOf(start)}`);
  await expect(
    page
      .locator(`section[aria-labelledby="day-${labDayOf(start)}"]`)
      .getByText(
        `${labClock(start)}–${labClock(new Date(start.getTime() + QUARTER))} Released: nobody checked in`,
      ),
  ).toBeVisible();
  const next = new Date(thisQuarter().getTime() + QUARTER);
  await expect(
    page
      .locator(`section[aria-labelledby="day-${labDayOf(next)}"]`)
      .getByRole('link', { name: `${labClock(next)} Free` }),
  ).toBeVisible();
});

test('an admin checks a member in for them, with a reason; it is in the audit log', async ({ page }) => {
  await signedInAdmin(page);
  const machine = await checkInMachine();
  const member = await fixtureMember('kiosk');
  const start = checkInStart();
  await fixtureBooking(member.username, machine.slug, start.toISOString(), 60);
  await page.goto(`/resources/${machine.slug}/here`);
  // Staff open on who is here and who is due, before their own booking.
  const hereNow = page.getByRole('region', { name: 'At the machine now' });
  await expect(hereNow).toContainText('Nobody is checked in.');
  const kiosk = page.getByRole('region', { name: 'Check a member in' });
  const row = kiosk.getByRole('listitem').filter({ hasText: `@${member.username}` });
  await row.getByLabel('Reason').fill('Phone flat, checked at the desk');
  await row.getByRole('button', { name: `Check in @${member.username}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Checked in for them.');
  await expect(hereNow).toContainText(`@${member.username}`);
  await expect(hereNow).toContainText(/checked in at \d\d:\d\d/);
  await expect(kiosk).toContainText('Nobody else can check in now');
  // A maintenance block never cancels a booking in use, 'Also cancel' or not: it says from when.
  const end = new Date(start.getTime() + 3 * 3_600_000);
  const block = await page.request.post(`/admin/resources/${machine.id}/maintenance`, {
    form: {
      intent: 'maintenance',
      startDay: labDayOf(start),
      startTime: labClock(start),
      endDay: labDayOf(end),
      endTime: labClock(end),
      reason: 'Lens clean',
      alsoCancel: 'on',
    },
  });
  expect(block.status()).toBe(400);
  expect(await block.text()).toMatch(
    new RegExp(
      `A booking in that time is in use or used: .+ \\(@${member.username}\\)\\. A block never cancels it: start it at \\w+ \\d+ \\w+ \\d{4}, ${labClock(new Date(start.getTime() + 3_600_000))} or later\\.`,
    ),
  );
  await page.goto('/admin/log');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `for @${member.username}` })
      .first(),
  ).toContainText('Phone flat, checked at the desk');
  // The code to stick on the machine leads to its page.
  const qr = await page.request.get(`/admin/resources/${machine.id}/qr.svg`);
  expect(qr.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(await qr.text()).toContain(`/resources/${machine.slug}/here`);
});

test(
  'refused by forged posts: another member’s booking, outside the window, a kiosk check-in by a member',
  HTTP,
  async ({ page }) => {
    const member = await signedIn(page);
    const machine = await checkInMachine();
    const other = await fixtureMember('other');
    const theirs = await fixtureBooking(other.username, machine.slug, checkInStart().toISOString(), 60);
    const here = `/resources/${machine.slug}/here`;
    const post = (form: Record<string, string>) => page.request.post(here, { form, maxRedirects: 0 });

    const notMine = await post({ intent: 'check-in', booking: theirs });
    expect(notMine.status()).toBe(404);
    expect(await notMine.text()).toContain('That booking is not yours to check in.');
    const tomorrow = new Date(thisQuarter().getTime() + 24 * 3_600_000);
    const mine = await fixtureBooking(member.username, machine.slug, tomorrow.toISOString(), 60);
    const early = await post({ intent: 'check-in', booking: mine });
    expect(early.status()).toBe(409);
    expect(await early.text()).toMatch(/Check-in opens at \d\d:\d\d\./);
    const kiosk = await post({ intent: 'check-in-for', booking: theirs, reason: 'I say so' });
    expect(kiosk.status()).toBe(403);
    expect((await post({ intent: 'check-in', booking: 'not-an-id' })).status()).toBe(400);
    expect((await post({ intent: 'launch' })).status()).toBe(400);
    // Nothing changed: the other member can still check in; the QR code is for admins.
    const theirPage = await page.request.get(here, { headers: { cookie: other.cookie } });
    expect(await theirPage.text()).toContain('>Check in</button>');
    expect((await page.request.get(`/admin/resources/${machine.id}/qr.svg`)).status()).toBe(404);
  },
);
