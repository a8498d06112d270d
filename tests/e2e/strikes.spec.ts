// No-show strikes (docs/product.md §10 'Strikes'): a released booking's strike on /bookings, 'Ask
// to waive' and an admin waiving it; three strikes refuse a booking with the texts of the rule, and
// pause the member on /bookings and every week; a request to waive with a reason of spaces, or asked
// twice, is refused in that strike's form; an admin declines a request to waive, with a reason;
// 'Release this booking' past the cutoff counts as a late cancel.
import { signedIn, signedInAdmin } from './accounts';
import { expect, HTTP, test } from './fixtures';
import { fixtureBooking, fixtureResource, fixtureStrike } from '../support/admin';
import { waitForMail } from '../support/mail';

const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;

test('a no-show is a strike on My bookings; the member asks to waive it and an admin does', async ({
  page,
  browser,
  expectAccessible,
}) => {
  const member = await signedIn(page);
  const machine = await fixtureResource({ name: 'Strike Laser', rules: { checkInGraceMinutes: 15 } });
  const start = new Date(Math.floor(Date.now() / QUARTER) * QUARTER - 2 * QUARTER);
  await fixtureBooking(member.username, machine.slug, start.toISOString(), 60);
  const released = await waitForMail(
    member.email,
    (mail) => mail.subject === 'Booking released: Strike Laser',
  );
  expect(released.text).toContain('It counts as a no-show strike for 60 days');

  await page.goto('/bookings');
  const strikes = page.getByRole('region', { name: 'Strikes' });
  await expect(strikes).toContainText('No-show: Strike Laser,');
  await expect(strikes).toContainText(/Counts until \d+ \w+ \d{4}\./);
  await expectAccessible();
  await strikes.getByLabel('Why should it be waived?').fill('The tram broke down on the Luas red line.');
  await strikes.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your request' })).toHaveText(
    'Your request is with the admins.',
  );
  await expect(strikes).toContainText('You asked to waive it on');

  const adminPage = await (await browser.newContext()).newPage();
  await signedInAdmin(adminPage);
  await adminPage.goto('/admin/strikes');
  const item = adminPage.getByRole('listitem').filter({ hasText: `@${member.username}` });
  await expect(item).toContainText('They ask to waive it: “The tram broke down on the Luas red line.”');
  await expectAccessible(adminPage);
  await item.getByLabel('Reason to waive').fill('Luas outage that morning');
  await item.getByRole('button', { name: /^Waive the strike of/ }).click();
  await expect(adminPage.getByRole('main').getByRole('status')).toHaveText(
    'Waived. The member sees it on My bookings.',
  );
  await adminPage.context().close();
  expect(
    (await waitForMail(member.email, (mail) => mail.subject.startsWith('Strike waived: Strike Laser'))).text,
  ).toContain('was waived by the lab: Luas outage that morning');

  await page.reload();
  await expect(strikes).toContainText('Waived: Luas outage that morning');
});

test(
  'three strikes refuse a booking, saying what they count, since when and until when',
  HTTP,
  async ({ page }) => {
    const member = await signedIn(page);
    const machine = await fixtureResource({ name: 'Strike Printer' });
    for (const [daysAgo, kind] of [
      [20, 'no-show'],
      [10, 'late-cancel'],
      [2, 'late-cancel'],
    ] as const)
      await fixtureStrike(member.username, new Date(Date.now() - daysAgo * 86_400_000).toISOString(), kind);
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 26 * HOUR).toISOString();
    const refused = await page.request.post(`/resources/${machine.slug}/book?start=${start}`, {
      form: { start, minutes: '60', note: '' },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(422);
    expect(await refused.text()).toMatch(
      /You have 3 strikes \(1 no-show, 2 late releases\) since \d+ \w+ \d{4}\. You can book again on \d+ \w+ \d{4}\./,
    );
  },
);

test('a paused member is told on My bookings and above every week; a declined waiver is mailed', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.slow(); // a second tab, six forms and three accessibility checks
  const member = await signedIn(page);
  const machine = await fixtureResource({ name: 'Paused Lathe' });
  for (const [daysAgo, kind] of [
    [20, 'no-show'],
    [10, 'late-cancel'],
    [2, 'late-cancel'],
  ] as const)
    await fixtureStrike(member.username, new Date(Date.now() - daysAgo * 86_400_000).toISOString(), kind);
  const paused =
    /^Your new bookings are paused\. You have 3 strikes \(1 no-show, 2 late releases\) since \d+ \w+ \d{4}\. You can book again on \d+ \w+ \d{4}\. Your strikes$/;
  await page.goto('/bookings');
  await expect(page.getByRole('main').getByRole('note').first()).toHaveText(paused);
  await expectAccessible();

  await page.goto(`/resources/${machine.slug}`);
  const week = page.getByRole('region', { name: / to / });
  await expect(week.getByRole('note')).toHaveText(paused);
  // Free, but not a way to a booking that would be refused.
  await expect(
    week
      .getByRole('listitem')
      .filter({ hasText: /^\d\d:\d\d Free$/ })
      .first(),
  ).toBeVisible();
  await expect(week.getByRole('link', { name: /Free$/ })).toHaveCount(0);
  await expectAccessible();
  await week.getByRole('link', { name: 'Your strikes' }).click();
  await expect(page).toHaveURL('/bookings#strikes-heading');

  // The member asks to waive one; the request reaches the admins with Reply-To the member, and an
  // admin declines it with a reason the member is mailed. The strike counts on.
  const adminPage = await (await browser.newContext()).newPage();
  const admin = await signedInAdmin(adminPage);
  const strikes = page.getByRole('region', { name: 'Strikes' });
  // A second tab, open from before the request: it still offers 'Ask to waive' for the same strike.
  const stale = await page.context().newPage();
  await stale.goto('/bookings');
  // Only spaces: refused with the field's rule next to that strike's reason, nowhere else.
  const first = strikes.getByRole('listitem').first();
  await first.getByLabel('Why should it be waived?').fill('   ');
  await first.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(first.getByLabel('Why should it be waived?')).toHaveAccessibleDescription(
    'Reason is required',
  );
  await expect(page.getByText('Reason is required')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Calendar feed' }).getByRole('alert')).toHaveCount(0);
  await first.getByLabel('Why should it be waived?').fill('The tram broke down.');
  await first.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(first).toContainText('You asked to waive it on');
  await expect(page.getByText('Reason is required')).toHaveCount(0);
  // Asked again from the other tab: refused in that strike's card, not in the feed's.
  const staleFirst = stale.getByRole('region', { name: 'Strikes' }).getByRole('listitem').first();
  await staleFirst.getByLabel('Why should it be waived?').fill('Asking again.');
  await staleFirst.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(staleFirst.getByRole('alert')).toHaveText(
    'That strike is not yours to ask about, or you asked already.',
  );
  await expect(stale.getByRole('region', { name: 'Calendar feed' }).getByRole('alert')).toHaveCount(0);
  await stale.close();
  const request = await waitForMail(
    admin.email,
    (mail) => mail.subject === `Strike waiver request: @${member.username}`,
  );
  expect(request.raw).toMatch(new RegExp(`^Reply-To: ${member.email.replace(/[.+]/g, '\\$&')}\\s*$`, 'im'));

  await adminPage.goto('/admin/strikes');
  const item = adminPage
    .getByRole('listitem')
    .filter({ hasText: `@${member.username}` })
    .filter({ hasText: 'They ask to waive it' });
  await expectAccessible(adminPage);
  // Only spaces: refused with the field's rule, nothing changed.
  await item.getByLabel('Reason to decline').fill('   ');
  await item.getByRole('button', { name: /^Decline the request of/ }).click();
  await expect(adminPage.getByRole('main').getByRole('alert')).toHaveText('Reason is required');
  await item.getByLabel('Reason to decline').fill('Trams ran all morning.');
  await item.getByRole('button', { name: /^Decline the request of/ }).click();
  await expect(adminPage.getByRole('main').getByRole('status')).toHaveText(
    'Declined. The member is mailed your reason; the strike counts on.',
  );
  await expect(item).toHaveCount(0);
  await adminPage.context().close();
  const declined = await waitForMail(member.email, (mail) => mail.subject.startsWith('Waiver declined: '));
  expect(declined.text).toContain('The lab declined to waive your strike for');
  expect(declined.text).toContain('Trams ran all morning.');
  await page.reload();
  await expect(strikes).toContainText('Your request to waive it was declined: Trams ran all morning.');
  await expect(page.getByRole('main').getByRole('note').first()).toHaveText(paused);
});

test('past the cutoff, Release this booking frees the slot and counts as a late cancel', async ({ page }) => {
  const member = await signedIn(page);
  const machine = await fixtureResource({ name: 'Cutoff Mill', rules: { cancelCutoffMinutes: 24 * 60 } });
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR);
  const id = await fixtureBooking(member.username, machine.slug, start.toISOString(), 60);
  // My bookings leads there: past the cutoff it offers the release, not a cancel or a change.
  await page.goto('/bookings');
  const booking = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');
  await expect(booking).toContainText('Bookings can be cancelled until 24 hours before they start.');
  await expect(booking.getByRole('link', { name: /^(Cancel|Change) booking/ })).toHaveCount(0);
  await booking
    .getByRole('link', { name: /^Release this booking: Cutoff Mill, \w+ \d+ \w+ \d{4}, / })
    .click();
  await expect(page).toHaveURL(`/bookings/${id}/cancel`);
  await expect(page.getByRole('alert')).toContainText(
    'Bookings can be cancelled until 24 hours before they start.',
  );
  await page.getByRole('button', { name: 'Release this booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking released' })).toHaveText(
    'Booking released: the slot is free for others. It counts as a late cancel unless someone books it.',
  );
  await expect(page.getByRole('region', { name: 'Strikes' })).toContainText('Released late: Cutoff Mill,');
});
