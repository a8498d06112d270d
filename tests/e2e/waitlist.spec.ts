// The waiting list (docs/product.md §10 'The waiting list'): where a slot is taken, a member joins
// the line from the confirm page and sees their place on /bookings; a cancel offers the time to
// the first in line by mail, whose page changes nothing until 'Pass' is pressed; the next in line
// is then offered it and takes it from the mail's link. JavaScript on and off. Members and the
// booking in the way are made in the store; the races and the rules are tested in the unit suites.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, fixtureBooking, fixtureCancel, fixtureMember, fixtureResource } from '../support/admin';
import { currentServer } from '../support/servers';
import { waitForMail } from '../support/mail';

/** A whole UTC hour `days` ahead: inside the horizon, past any notice. */
const hourAhead = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

async function signInAs(page: Page, baseURL: string, cookie: string) {
  await page.context().clearCookies();
  const [name, ...value] = cookie.split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: baseURL }]);
}

/** The offer page's path in the offer mail sent to `email`. */
async function offerLink(email: string, machine: string) {
  const mail = await waitForMail(email, (each) => each.subject === `Time free for you: ${machine}`);
  expect(mail.text).toMatch(/held for you until \w+day \d+ \w+ \d{4}, \d\d:\d\d/);
  return /\/offers\/[\w-]+/.exec(mail.text)![0];
}

test('join from a taken slot; the first in line passes, the next takes it from the mail', async ({
  page,
  baseURL,
  expectAccessible,
}) => {
  test.slow(); // three members, two offers through the worker
  const machine = `Test GPU ${crypto.randomBytes(3).toString('hex')}`;
  const gpu = await fixtureResource({ name: machine });
  const [holder, first, second] = await Promise.all(
    ['holder', 'first', 'second'].map((p) => fixtureMember(p)),
  );
  const start = hourAhead(3).toISOString();
  const held = await fixtureBooking(holder.username, gpu.slug, start, 60);

  // The taken slot's confirm page leads to the waiting list, the slot filled in.
  await signInAs(page, baseURL!, first.cookie);
  await page.goto(`/resources/${gpu.slug}/book?start=${start}`);
  await expect(page.getByText('That slot was just taken.')).toBeVisible();
  await page.getByRole('link', { name: 'Join the waiting list' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the waiting list');
  await page.getByLabel('Shortest length').selectOption({ label: '1 hour' });
  await expectAccessible();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=waiting/);
  const line = page.getByRole('region', { name: 'Waiting list' });
  await expect(line).toContainText(`${machine}:`);
  await expect(line).toContainText('1st in line');

  // The second member joins the same slot (the form the confirm page links, posted).
  await signInAs(page, baseURL!, second.cookie);
  await page.goto(`/resources/${gpu.slug}/wait?start=${start}&minutes=60`);
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByRole('region', { name: 'Waiting list' })).toContainText('2nd in line');

  // The holder cancels: the worker offers the time to the first in line, by mail.
  await fixtureCancel(held);
  const firstOffer = await offerLink(first.email, machine);
  await signInAs(page, baseURL!, first.cookie);
  await page.goto(firstOffer);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Time offered to you');
  await expect(page.getByText(/It is held for you until/)).toBeVisible();
  await expectAccessible();
  // Another member's offer is not theirs to see.
  await signInAs(page, baseURL!, second.cookie);
  expect((await page.goto(firstOffer))!.status()).toBe(404);
  // Signed out, the link asks to sign in and comes back.
  await page.context().clearCookies();
  await page.goto(firstOffer);
  await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(firstOffer)}`));
  await signInAs(page, baseURL!, first.cookie);
  await page.goto(firstOffer);
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=passed/);

  // The next in line is offered it, and takes it from the mail's page.
  const secondOffer = await offerLink(second.email, machine);
  expect(secondOffer).not.toBe(firstOffer);
  await signInAs(page, baseURL!, second.cookie);
  await page.goto(secondOffer);
  await page.getByRole('button', { name: 'Take it' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=booked/);
  await expect(page.getByRole('region', { name: 'Upcoming' })).toContainText(machine);
  await expect(page.getByRole('region', { name: 'Waiting list' })).toHaveCount(0);
  await waitForMail(second.email, (mail) => mail.subject === `Booking confirmed: ${machine}`);

  // The resource's admin page lists its line: the first member, who passed, still waits.
  const boss = await fixtureMember('boss');
  await admin(currentServer(), 'member', 'promote', boss.username);
  await signInAs(page, baseURL!, boss.cookie);
  await page.goto(`/admin/resources/${gpu.id}`);
  await page.getByRole('link', { name: 'Waiting list' }).click();
  await expect(page.getByRole('region', { name: 'In line' })).toContainText(`@${first.username}:`);
  await expect(page.getByRole('region', { name: 'Offers out' })).toContainText('No offers out.');
  await expectAccessible();

  // The first member leaves the line from /bookings.
  await signInAs(page, baseURL!, first.cookie);
  await page.goto('/bookings');
  await page.getByRole('button', { name: `Leave the waiting list: ${machine}`, exact: false }).click();
  await expect(page.getByText('You left the waiting list.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waiting list' })).toHaveCount(0);
});

test('under 90 minutes before the start: everyone waiting is mailed, the first to book gets it', async ({
  page,
  baseURL,
  request,
}) => {
  const machine = `Test laser ${crypto.randomBytes(3).toString('hex')}`;
  const laser = await fixtureResource({ name: machine });
  const [holder, first, second] = await Promise.all(
    ['holder', 'first', 'second'].map((p) => fixtureMember(p)),
  );
  // The first half hour at least 35 minutes away: too close to hold for anyone.
  const halfHour = 30 * 60_000;
  const start = new Date(Math.ceil((Date.now() + 35 * 60_000) / halfHour) * halfHour).toISOString();
  const held = await fixtureBooking(holder.username, laser.slug, start, 60);
  for (const member of [first, second]) {
    const joined = await request.post(`/resources/${laser.slug}/wait`, {
      form: { start, minutes: '60' },
      headers: { Cookie: member.cookie },
      maxRedirects: 0,
    });
    expect(joined.headers().location).toBe('/bookings?notice=waiting');
  }
  await fixtureCancel(held);
  // Both hear at once, with a link to book it themselves.
  const links = await Promise.all(
    [first, second].map(async (member) => {
      const mail = await waitForMail(
        member.email,
        (each) => each.subject === `Free soon, first come: ${machine}`,
      );
      expect(mail.text).toContain('everyone waiting for it gets this e-mail: the first to book it gets it');
      return /\/resources\/[\w-]+\/book\?start=[^\s)\]]+/.exec(mail.text)![0];
    }),
  );
  expect(links[0]).toBe(links[1]);
  await signInAs(page, baseURL!, second.cookie);
  await page.goto(links[1]!);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page).toHaveURL(/\/bookings\?notice=booked/);
  await expect(page.getByRole('region', { name: 'Upcoming' })).toContainText(machine);
  // The other is too late: the page says so, and offers the waiting list again.
  await signInAs(page, baseURL!, first.cookie);
  await page.goto(links[0]!);
  await expect(page.getByText('That slot was just taken.')).toBeVisible();
});
