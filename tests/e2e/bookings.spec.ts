// Booking a machine (docs/product.md §10): a member holding the induction books a free slot from the
// resource's calendar, sees it on /bookings (and in 'Your use this month') and as 'Your booking',
// gets the mail with a valid .ics, and cancels; every rule's refusal by forged posts, the cutoff,
// other members' bookings and the private calendar feed over HTTP.
import ICAL from 'ical.js';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { signedIn } from './accounts';
import { expect, HTTP, test } from './fixtures';
import {
  fixtureBooking,
  fixtureInduction,
  fixtureMember,
  fixtureResource,
  fixtureSignOff,
} from '../support/admin';
import { attachment, waitForMail } from '../support/mail';
import { textWithoutCss } from '../support/text-without-css';
import { addDays, labDayOf, labTime, weekStartOf } from '../../app/lib/bookings/time';

const DAY = 86_400_000;
/** The lab day `days` from today, and an instant on its clock. */
const labDay = (days: number) => addDays(labDayOf(new Date()), days);
const at = (day: string, hour: number, minute = 0) => labTime(day, hour * 60 + minute);

const bookPath = (slug: string, start: Date) => `/resources/${slug}/book?start=${start.toISOString()}`;

/** The VEVENTs of an iCalendar body, parsed by ical.js as a calendar app would. */
function calendarEvents(body: string) {
  const component = new ICAL.Component(ICAL.parse(body));
  return {
    method: component.getFirstPropertyValue('method'),
    events: component.getAllSubcomponents('vevent').map((event) => ({
      uid: String(event.getFirstPropertyValue('uid')),
      summary: event.getFirstPropertyValue('summary'),
      status: event.getFirstPropertyValue('status'),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
      description: event.getFirstPropertyValue('description'),
    })),
  };
}

test('a member with the induction books a free slot, sees it, gets the .ics by mail, changes it and cancels', async ({
  page,
  expectAccessible,
}) => {
  const member = await signedIn(page);
  const induction = await fixtureInduction({ name: 'Router induction' });
  await fixtureSignOff(member.username, induction.slug);
  const resource = await fixtureResource({
    induction: induction.slug,
    rules: {
      slotMinutes: 60,
      minMinutes: 60,
      maxMinutes: 180,
      noticeMinutes: 60,
      cancelCutoffMinutes: 120,
      maxUpcoming: 3,
      maxWeekMinutes: 360,
    },
  });
  const day = labDay(2);
  const start = at(day, 10);

  await page.goto(`/resources/${resource.slug}?from=${day}`);
  await page
    .locator(`section[aria-labelledby="day-${day}"]`)
    .getByRole('link', { name: '10:00 Free' })
    .click();
  await expect(page.getByRole('heading', { name: 'Confirm booking' })).toBeVisible();
  const facts = page.locator('.booking-facts');
  await expect(facts).toContainText(/Test machine/);
  await expect(facts).toContainText(/10:00/);
  // Only the lengths the rules allow: 1 to 3 hours in whole hours.
  await expect(page.getByLabel('Length').locator('option')).toHaveText(['1 hour', '2 hours', '3 hours']);
  await expectAccessible();
  await page.getByLabel('Length').selectOption({ label: '2 hours' });
  await page.getByLabel('Note (optional)').fill('Carbon-fibre drone arms');
  await page.getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page).toHaveURL(/\/bookings\?notice=booked$/);
  await expect(page.getByRole('status').filter({ hasText: 'Booking confirmed.' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('link', { name: /^Test machine/ })).toBeVisible();
  await expect(upcoming).toContainText('10:00–12:00');
  await expect(upcoming).toContainText('Carbon-fibre drone arms');
  await expect(page.getByRole('region', { name: 'Inductions' })).toContainText(
    `${induction.name}: does not expire`,
  );
  // 'Your use this month': the machine against its limits, its week's hours when the booking is in
  // this lab week (two days on may be the next month, or the next week).
  const use = page.getByRole('region', { name: 'Your use this month' });
  if (day.slice(0, 7) === labDay(0).slice(0, 7)) {
    const thisWeek = weekStartOf(day) === weekStartOf(labDay(0));
    const week = thisWeek ? '2 hours' : '0 minutes';
    await expect(use.getByRole('listitem').filter({ hasText: /^Test machine/ })).toHaveText(
      new RegExp(
        `^Test machine \\w+: 2 hours booked, 1 of 3 upcoming bookings, ${week} of 6 hours this week$`,
      ),
    );
    await expect(use.getByRole('link', { name: /^Test machine/ })).toHaveAttribute(
      'href',
      `/resources/${resource.slug}`,
    );
  } else {
    await expect(use).toContainText('Nothing booked this month.');
  }
  await expectAccessible();

  // The mail's .ics and the page's 'Add to calendar' file hold the same booking, in UTC.
  const mail = await waitForMail(member.email, (message) => message.subject.startsWith('Booking confirmed'));
  const fromMail = calendarEvents(attachment(mail.raw, 'booking.ics') ?? '');
  expect(fromMail.method).toBe('PUBLISH');
  expect(attachment(mail.raw, 'booking.ics')).toMatch(/^ORGANIZER;CN="Dublin Makerspace":mailto:\S+@\S+\r$/m);
  expect(fromMail.events).toEqual([
    expect.objectContaining({
      start: start.toISOString(),
      end: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      status: 'CONFIRMED',
      description: 'Carbon-fibre drone arms',
    }),
  ]);
  const file = await page.request.get(
    (await upcoming.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
  );
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(calendarEvents(await file.text()).events.map((event) => event.uid)).toEqual([
    fromMail.events[0]!.uid,
  ]);

  await page.goto(`/resources/${resource.slug}?from=${day}`);
  await expect(page.locator(`section[aria-labelledby="day-${day}"]`)).toContainText(
    '10:00–12:00 Your booking',
  );

  // Change it: a start off the calendar's slots is refused next to the field, what was typed kept,
  // the booking as it was; then 13:00 for one hour: same UID, SEQUENCE raised, mailed.
  await page.goto('/bookings');
  await page.getByRole('link', { name: /^Change booking of Test machine/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change booking');
  await expect(page.getByLabel('Start time')).toHaveValue('10:00');
  await expect(page.getByLabel('Length')).toHaveValue('120');
  await expectAccessible();
  await page.getByLabel('Start time').fill('13:20');
  await page.getByRole('button', { name: 'Change booking' }).click();
  await expect(page.getByLabel('Start time')).toHaveAccessibleDescription(
    /Choose a start time from the calendar/,
  );
  await expect(page.getByLabel('Start time')).toHaveValue('13:20');
  await page.getByLabel('Start time').fill('13:00');
  await page.getByLabel('Length').selectOption({ label: '1 hour' });
  await page.getByRole('button', { name: 'Change booking' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=changed$/);
  await expect(page.getByRole('status').filter({ hasText: 'Booking changed.' })).toBeVisible();
  await expect(upcoming).toContainText('13:00–14:00');
  const changeMail = await waitForMail(member.email, (message) =>
    message.subject.startsWith('Booking changed'),
  );
  expect(calendarEvents(attachment(changeMail.raw, 'booking.ics') ?? '').events).toEqual([
    expect.objectContaining({ uid: fromMail.events[0]!.uid, sequence: 1, start: at(day, 13).toISOString() }),
  ]);

  await page.getByRole('link', { name: /^Cancel booking of Test machine/ }).click();
  await expect(page.getByText('Are you sure you want to cancel this booking?')).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=cancelled$/);
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming' })).toContainText('No upcoming bookings.');
  // The cancellation's .ics takes the imported event out of a calendar: same UID, SEQUENCE raised.
  const cancelMail = await waitForMail(member.email, (message) =>
    message.subject.startsWith('Booking cancelled'),
  );
  const cancelled = calendarEvents(attachment(cancelMail.raw, 'booking.ics') ?? '');
  expect(cancelled.method).toBe('CANCEL');
  expect(cancelled.events).toEqual([
    expect.objectContaining({ uid: fromMail.events[0]!.uid, sequence: 2, status: 'CANCELLED' }),
  ]);
});

/** Posts the confirm form as a browser without JavaScript would. */
const postBooking = (
  request: APIRequestContext,
  slug: string,
  start: Date | string,
  minutes: number | string,
  note = '',
) => {
  const iso = typeof start === 'string' ? start : start.toISOString();
  return request.post(`/resources/${slug}/book?start=${encodeURIComponent(iso)}`, {
    form: { start: iso, minutes: String(minutes), note },
    maxRedirects: 0,
  });
};

async function expectRefused(response: APIResponse, status: number, text: string) {
  expect(response.status(), text).toBe(status);
  expect(await response.text()).toContain(text);
}

async function expectBooked(response: APIResponse) {
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers().location).toBe('/bookings?notice=booked');
}

/** The member's booking ids on /bookings, newest upcoming last. */
/** The ids of the bookings /bookings offers 'Cancel booking' for (past the cutoff it offers a release). */
async function bookingIds(page: Page) {
  const html = await (await page.request.get('/bookings')).text();
  return [...html.matchAll(/<a [^>]*aria-label="Cancel booking of [^>]*>/g)].map(
    ([link]) => /href="\/bookings\/([\w-]+)\/cancel"/.exec(link)![1]!,
  );
}

test(
  'every rule refuses a forged booking with its own words, and the server keeps the form',
  HTTP,
  async ({ page }) => {
    await signedIn(page);
    const request = page.request;
    // One resource a rule: limits are per member and resource, so each rule is met alone.
    const [noticed, capped, limited, weekly, hours] = await Promise.all([
      fixtureResource({ rules: { noticeMinutes: 60, horizonDays: 14 } }),
      fixtureResource({ rules: { maxMinutes: 240 } }),
      fixtureResource({ rules: { maxUpcoming: 3 } }),
      fixtureResource({ rules: { maxWeekMinutes: 360 } }),
      fixtureResource({
        rules: {
          slotMinutes: 60,
          minMinutes: 60,
          hours: Object.fromEntries(
            ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((weekday) => [
              weekday,
              { open: 9 * 60, close: 17 * 60 },
            ]),
          ),
        },
      }),
    ]);

    // Notice: the next half-hour is less than an hour away. Horizon: 15 days ahead.
    const soon = new Date(Math.ceil((Date.now() + 60_000) / 1_800_000) * 1_800_000);
    await expectRefused(
      await postBooking(request, noticed.slug, soon, 30),
      422,
      'Book at least 1 hour ahead.',
    );
    await expectRefused(
      await postBooking(request, noticed.slug, at(labDay(15), 10), 30),
      422,
      'Bookings open 14 days ahead.',
    );
    // A start in the year 9999: the same refusal on the form and on its page, not an error.
    const far = new Date('9999-12-31T10:00:00Z');
    await expectRefused(
      await postBooking(request, noticed.slug, far, 30),
      422,
      'Bookings open 14 days ahead.',
    );
    const farPage = await request.get(bookPath(noticed.slug, far));
    expect(farPage.status()).toBe(200);
    expect(await farPage.text()).toContain('Bookings open 14 days ahead.');
    await expectRefused(
      await postBooking(request, capped.slug, at(labDay(3), 10), 300),
      422,
      'A booking here lasts at most 4 hours.',
    );
    // Closed: 16:00 for two hours runs past 17:00. The length and note chosen come back.
    const closed = await postBooking(request, hours.slug, at(labDay(3), 16), 120, 'Late PCB run');
    await expectRefused(closed, 422, 'The lab is closed then.');
    expect(await closed.text()).toContain('Late PCB run');

    // Three upcoming bookings are the most; the fourth is refused.
    for (const days of [2, 3, 4])
      await expectBooked(await postBooking(request, limited.slug, at(labDay(days), 10), 30));
    await expectRefused(
      await postBooking(request, limited.slug, at(labDay(5), 10), 30),
      422,
      'You already have 3 upcoming bookings here, the most allowed.',
    );
    // At the limit, the resource's page says so once and links no free slot; it names its feed.
    const full = await (await request.get(`/resources/${limited.slug}?from=${labDay(5)}`)).text();
    expect(full).toContain('You have 3 upcoming bookings here, the most allowed.');
    expect(full).not.toContain(`/resources/${limited.slug}/book?start=`);
    expect(full).toMatch(
      new RegExp(
        `<link rel="alternate" type="text/calendar" title="[^"]+" href="[^"]+/resources/${limited.slug}/calendar.ics"/>`,
      ),
    );
    expect(full).toMatch(new RegExp(`href="webcal://[^"]+/resources/${limited.slug}/calendar.ics"`));

    // Six hours a week (Monday to Sunday): four on next Monday, three more on its Tuesday is too many.
    const monday = addDays(weekStartOf(labDay(0)), 7);
    await expectBooked(await postBooking(request, weekly.slug, at(monday, 9), 240));
    await expectRefused(
      await postBooking(request, weekly.slug, at(addDays(monday, 1), 9), 180),
      422,
      'That would take you past 6 hours this week here.',
    );

    // The member's own booking in the way: said so, no other times offered.
    const again = await postBooking(request, weekly.slug, at(monday, 10), 60);
    await expectRefused(again, 409, 'You already booked this.');
    expect(await again.text()).not.toContain('That slot was just taken.');
    // Another member's: taken, the nearest free starts as links to their pages.
    const other = await fixtureMember('other');
    await fixtureBooking(other.username, capped.slug, at(labDay(3), 10).toISOString(), 60);
    const taken = await postBooking(request, capped.slug, at(labDay(3), 10), 60);
    await expectRefused(taken, 409, 'That slot was just taken.');
    expect(await taken.text()).toMatch(new RegExp(`href="/resources/${capped.slug}/book\\?start=`));

    // Forged forms: no start from the calendar, a start off the slots, a length that is no number.
    await expectRefused(
      await postBooking(request, limited.slug, 'next tuesday', 30),
      400,
      'Choose a start time from the calendar.',
    );
    await expectRefused(
      await postBooking(request, hours.slug, at(labDay(3), 10, 20), 60),
      422,
      'Choose a start time from the calendar.',
    );
    await expectRefused(
      await postBooking(request, hours.slug, at(labDay(3), 10), 'sixty'),
      400,
      'Choose a length.',
    );
    expect((await postBooking(request, 'no-such-machine', at(labDay(3), 10), 60)).status()).toBe(404);
    // The page itself says so for a start that is no slot, with no button.
    const offSlot = await request.get(bookPath(hours.slug, at(labDay(3), 10, 20)));
    const offSlotHtml = await offSlot.text();
    expect(offSlotHtml).toContain('Choose a start time from the calendar.');
    expect(offSlotHtml).not.toContain('>Confirm booking</button>');
    // The page with the private feed's address is kept by no cache.
    expect((await request.get('/bookings')).headers()['cache-control']).toBe('private, no-store');
    // Nothing forged was written: the member holds exactly the four bookings made above.
    expect(await bookingIds(page)).toHaveLength(4);
  },
);

test('booking reminders: turned off and back on from My bookings; a forged value changes nothing', async ({
  page,
  expectAccessible,
}) => {
  await signedIn(page);
  await page.goto('/bookings');
  const reminders = page.getByRole('region', { name: 'Booking reminders' });
  await expect(reminders).toContainText('On: we e-mail you 24 hours and 1 hour before each booking starts.');
  await reminders.getByRole('button', { name: 'Turn reminders off' }).click();
  await expect(reminders.getByRole('status')).toHaveText('Booking reminders are off.');
  await expect(reminders).toContainText('Off: we do not e-mail you before your bookings.');
  await expectAccessible();
  // A forged value is refused and leaves them off.
  const forged = await page.request.post('/bookings', {
    form: { intent: 'reminders', reminders: 'sometimes' },
  });
  expect(forged.status()).toBe(400);
  await page.reload();
  await reminders.getByRole('button', { name: 'Turn reminders on' }).click();
  await expect(reminders.getByRole('status')).toHaveText('Booking reminders are on.');
  await expect(reminders.getByRole('button', { name: 'Turn reminders off' })).toBeVisible();
});

test('the cutoff, other members’ bookings and the private calendar feed', HTTP, async ({ page, browser }) => {
  await signedIn(page);
  const request = page.request;
  const resource = await fixtureResource({ rules: { cancelCutoffMinutes: 120 } });
  // Ninety minutes ahead is inside the two-hour cutoff; three days ahead is not.
  const inside = new Date(Math.ceil((Date.now() + 90 * 60_000) / 1_800_000) * 1_800_000);
  await expectBooked(await postBooking(request, resource.slug, inside, 30));
  await expectBooked(await postBooking(request, resource.slug, new Date(inside.getTime() + 3 * DAY), 30));
  const bookings = await (await request.get('/bookings')).text();
  expect(bookings).toContain('Bookings can be cancelled until 2 hours before they start.');
  // Read without CSS (w3m), each of a booking's actions is a word of its own.
  const bookingLines = textWithoutCss(bookings);
  expect(bookingLines).toContain('Add to calendar Change booking Cancel booking');
  for (const line of bookingLines)
    expect(line).not.toMatch(/calendar(?=[A-Z])|booking(?=[A-Z])|machine(?=\S)/);
  const [later] = await bookingIds(page);
  const soonId = /href="\/bookings\/([\w-]+)\.ics"/.exec(bookings)![1]!;
  expect(soonId).not.toBe(later);
  const cancelAnswer = await request.get(`/bookings/${soonId}/cancel`);
  // A page of the member's booking is kept by no cache, not even the browser's disk.
  expect(cancelAnswer.headers()['cache-control']).toBe('private, no-store');
  for (const path of [
    `/bookings/${later}/change`,
    bookPath(resource.slug, new Date(inside.getTime() + DAY)),
    `/resources/${resource.slug}/here`,
  ]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['cache-control'], path).toBe('private, no-store');
  }
  const cancelPage = await cancelAnswer.text();
  expect(cancelPage).toContain('Bookings can be cancelled until 2 hours before they start.');
  expect(cancelPage).not.toContain('>Cancel booking</button>');
  await expectRefused(
    await request.post(`/bookings/${soonId}/cancel`, { maxRedirects: 0 }),
    422,
    'Bookings can be cancelled until 2 hours before they start.',
  );

  // The feed: the address on /bookings, both bookings in UTC, 304 when unchanged.
  const feedUrl = /id="feed-url"[^>]*>([^<]+)<\/textarea>/.exec(bookings)?.[1] ?? '';
  expect(feedUrl).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
  const feedPath = new URL(feedUrl).pathname;
  const feed = await request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['cache-control']).toBe('private, no-cache');
  const first = calendarEvents(await feed.text());
  expect(first.method).toBeNull();
  expect(first.events.map((event) => event.start)).toEqual([
    inside.toISOString(),
    new Date(inside.getTime() + 3 * DAY).toISOString(),
  ]);
  const etag = feed.headers().etag!;
  expect((await request.get(feedPath, { headers: { 'If-None-Match': etag } })).status()).toBe(304);
  // One spelling only: those the router would also match are 404s, so the logs have one form to redact.
  const token = feedPath.slice('/calendar/'.length, -'.ics'.length);
  for (const variant of [
    `${feedPath}/`,
    `/calendar/${token}.ICS`,
    `/CALENDAR/${token}.ics`,
    `/calendar/${token}%2Eics`,
    `/calendar/${token}%2eics`,
    `/calendar/${token}.ics%2F`,
  ])
    expect((await request.get(variant)).status(), variant).toBe(404);

  // Cancelling the later one: the feed keeps it as CANCELLED with the same UID and a higher SEQUENCE.
  const cancelled = await request.post(`/bookings/${later}/cancel`, { maxRedirects: 0 });
  expect(cancelled.headers().location).toBe('/bookings?notice=cancelled');
  const afterCancel = await request.get(feedPath, { headers: { 'If-None-Match': etag } });
  expect(afterCancel.status()).toBe(200);
  const second = calendarEvents(await afterCancel.text());
  expect(second.events[1]).toMatchObject({
    uid: first.events[1]!.uid,
    status: 'CANCELLED',
    sequence: first.events[1]!.sequence + 1,
  });

  // Another member sees none of it: their booking ids and files are 404s.
  const stranger = await browser.newPage();
  try {
    await signedIn(stranger);
    for (const path of [`/bookings/${soonId}/cancel`, `/bookings/${soonId}.ics`])
      expect((await stranger.request.get(path)).status(), path).toBe(404);
    expect((await stranger.request.post(`/bookings/${soonId}/cancel`, { maxRedirects: 0 })).status()).toBe(
      404,
    );
  } finally {
    await stranger.close();
  }

  // 'Reset link': a new address, and the old one is a 404 at once.
  const reset = await request.post('/bookings', { form: { intent: 'reset-feed' }, maxRedirects: 0 });
  expect(reset.status()).toBe(302);
  const newUrl = /id="feed-url"[^>]*>([^<]+)<\/textarea>/.exec(
    await (await request.get('/bookings')).text(),
  )?.[1];
  expect(newUrl).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
  expect(newUrl).not.toBe(feedUrl);
  expect((await request.get(feedPath)).status()).toBe(404);
  expect((await request.get(new URL(newUrl!).pathname)).status()).toBe(200);
});
