// Check-in, check-out and releases on the real store (both engines): one winner when a check-in
// and a release meet, the machine free at once after either end, and a history of each change.
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingsIn } from '../index';
import { cancelBooking, releaseLate } from './book';
import { checkIn, checkOut, releaseNoShows } from './check-in';
import { historyOf } from './events';
import { setInductor, signOff } from '../inductions/inductions';
import {
  newInduction,
  newMember,
  newResource,
  hourAhead,
  bookedBy,
  minutesAfter,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const bookings = bookingsIn(db);

/** Booked by book() itself: past the facade's rate limit (a test books many). */
const booked = (resourceId: string, userId: string, start: Date, minutes = 60) =>
  bookedBy(db, resourceId, userId, start, minutes);
const after = minutesAfter;

const statusOf = async (id: string) =>
  (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('check-in', () => {
  test('opens 15 minutes before, closes at the start plus the grace; only on resources that require it', async () => {
    const { id: resourceId } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const { id: plain } = await newResource(db);
    const member = await newMember(db, 'ci');
    const start = hourAhead(3);
    const booking = await booked(resourceId, member.id, start);
    expect(await checkIn(db, { bookingId: booking.id, userId: member.id, now: after(start, -16) })).toEqual({
      status: 'refused',
      message: expect.stringMatching(/^Check-in opens at \d\d:\d\d/),
    });
    const other = await newMember(db, 'other');
    expect((await checkIn(db, { bookingId: booking.id, userId: other.id, now: start })).status).toBe(
      'not-found',
    );
    expect(
      (await checkIn(db, { bookingId: booking.id, userId: member.id, now: after(start, -15) })).status,
    ).toBe('checked-in');
    expect(await statusOf(booking.id)).toBe('checked_in');
    const noCheckIn = await booked(plain, member.id, start);
    expect((await checkIn(db, { bookingId: noCheckIn.id, userId: member.id, now: start })).status).toBe(
      'not-found',
    );
  });

  test('check-out ends it now: the rest of the slot (after the buffer) can be booked at once', async () => {
    const { id: resourceId } = await newResource(db, {
      rules: { checkInGraceMinutes: 15, slotMinutes: 15, minMinutes: 15, bufferMinutes: 15 },
    });
    const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
    const start = hourAhead(4);
    const anas = await booked(resourceId, ana.id, start, 120);
    await checkIn(db, { bookingId: anas.id, userId: ana.id, now: start });
    // Before: bo's booking at +60 is in the way.
    const tooEarly = await bookings.book({
      resourceId,
      userId: bo.id,
      start: after(start, 60),
      minutes: 30,
      note: '',
    });
    expect(tooEarly.status).toBe('taken');
    expect((await checkOut(db, { bookingId: anas.id, userId: ana.id, now: after(start, 40) })).status).toBe(
      'checked-out',
    );
    // Ended at +40, buffer 15: free from +55.
    expect(
      (await bookings.book({ resourceId, userId: bo.id, start: after(start, 45), minutes: 15, note: '' }))
        .status,
    ).toBe('taken');
    expect(
      (await bookings.book({ resourceId, userId: bo.id, start: after(start, 60), minutes: 30, note: '' }))
        .status,
    ).toBe('booked');
    const history = (await historyOf(db, [anas.id])).get(anas.id)!;
    expect(history.map((event) => event.kind)).toEqual(['booked', 'checked-in', 'checked-out']);
    // Checked in early and out before the start: it held its first minute only.
    const cy = await newMember(db, 'cy');
    const early = await booked(resourceId, cy.id, after(start, 180), 60);
    await checkIn(db, { bookingId: early.id, userId: cy.id, now: after(start, 170) });
    expect((await checkOut(db, { bookingId: early.id, userId: cy.id, now: after(start, 172) })).status).toBe(
      'checked-out',
    );
    // Checked out twice: nothing more to do.
    expect((await checkOut(db, { bookingId: anas.id, userId: ana.id, now: after(start, 50) })).status).toBe(
      'not-found',
    );
  });
});

test('an inductor checks members in only at the machines their induction gates; an admin anywhere', async () => {
  const [laser, cnc] = [await newInduction(db, { name: 'Laser' }), await newInduction(db, { name: 'CNC' })];
  const rules = { checkInGraceMinutes: 15 };
  const { id: laserCutter } = await newResource(db, { rules, induction: laser.id });
  const { id: router } = await newResource(db, { rules, induction: cnc.id });
  const { id: open } = await newResource(db, { rules });
  const [inductor, member, boss] = [
    await newMember(db, 'laser-inductor'),
    await newMember(db, 'kiosk-member'),
    await newMember(db, 'kiosk-admin'),
  ];
  const admin = { id: boss.id, username: boss.username, role: 'admin' as const };
  await setInductor(db, 'cli', { inductionId: laser.id, userId: inductor.id, appoint: true });
  for (const induction of [laser, cnc])
    expect(await signOff(db, admin, { inductionId: induction.id, userId: member.id, note: '' })).toBe(
      'signed-off',
    );
  const start = hourAhead(10, 0);
  const [atLaser, atRouter, atOpen] = [
    await booked(laserCutter, member.id, start, 30),
    await booked(router, member.id, start, 30),
    await booked(open, member.id, start, 30),
  ];
  const by = {
    actor: { id: inductor.id, username: inductor.username, role: 'member' as const },
    reason: 'No phone',
  };
  const now = after(start, -5);
  expect(await checkIn(db, { bookingId: atRouter.id, by, now })).toEqual({ status: 'not-found' });
  expect(await checkIn(db, { bookingId: atOpen.id, by, now })).toEqual({ status: 'not-found' });
  expect((await checkIn(db, { bookingId: atLaser.id, by, now })).status).toBe('checked-in');
  expect([await statusOf(atRouter.id), await statusOf(atOpen.id)]).toEqual(['active', 'active']);
  expect(
    (await checkIn(db, { bookingId: atOpen.id, by: { actor: admin, reason: 'Desk' }, now })).status,
  ).toBe('checked-in');
});

test('a cancel and a check-in at the same moment, 20 rounds: one wins, and a lost check-in says it was cancelled', async () => {
  const { id: resourceId } = await newResource(db, { rules: { checkInGraceMinutes: 15, maxUpcoming: 100 } });
  const member = await newMember(db, 'cancel-race');
  const base = hourAhead(9, 0);
  for (let round = 0; round < 20; round++) {
    const start = after(base, round * 60);
    const booking = await booked(resourceId, member.id, start, 30);
    const [checkedIn, cancelled] = await Promise.all([
      checkIn(db, { bookingId: booking.id, userId: member.id, now: after(start, -5) }),
      cancelBooking(db, booking.id, member.id, after(start, -5)),
    ]);
    const status = await statusOf(booking.id);
    if (checkedIn.status === 'checked-in') expect(status).toBe('checked_in');
    else {
      expect(checkedIn).toEqual({ status: 'refused', message: 'This booking was cancelled.' });
      expect(status).toBe('cancelled');
      expect(cancelled.status).toBe('cancelled');
    }
  }
}, 30_000);

// Its race runs 50 rounds of transactions: 30 s is for a hang, not a slow machine.
describe('release of no-shows', { timeout: 30_000 }, () => {
  test('at the start plus the grace: no-show, free from that minute, the member mailed, on record', async () => {
    const { id: resourceId } = await newResource(db, {
      name: 'Released Laser',
      rules: { checkInGraceMinutes: 20 },
    });
    const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
    const start = hourAhead(5);
    const anas = await booked(resourceId, ana.id, start, 120);
    await releaseNoShows(db, after(start, 19));
    expect(await statusOf(anas.id)).toBe('active');
    // At the deadline itself a check-in sent a moment before may still be on its way.
    await releaseNoShows(db, after(start, 20));
    expect(await statusOf(anas.id)).toBe('active');
    expect(await releaseNoShows(db, after(start, 20.5))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(anas.id)).toBe('no_show');
    // Too late to check in now.
    expect(await checkIn(db, { bookingId: anas.id, userId: ana.id, now: after(start, 19) })).toEqual({
      status: 'refused',
      message: 'This booking was released because nobody checked in.',
    });
    // Free from start + 20: bo books the rest (30-minute slots: from +30).
    expect(
      (await bookings.book({ resourceId, userId: bo.id, start: after(start, 30), minutes: 60, note: '' }))
        .status,
    ).toBe('booked');
    const mail = await db
      .selectFrom('jobs')
      .select('payload')
      .where('key', '=', `mail:booking-released:${anas.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.payload)).toMatchObject({
      to: ana.email,
      subject: 'Booking released: Released Laser',
      text: expect.stringMatching(
        /^Your booking of Released Laser at \w+ \d+ \w+ \d{4}, \d\d:\d\d was released because nobody checked in\./,
      ),
    });
    expect((await historyOf(db, [anas.id])).get(anas.id)!.map((event) => [event.kind, event.actor])).toEqual([
      ['booked', 'member'],
      ['released', 'lab'],
      ['strike', 'lab'],
    ]);
    // Still on the member's record, among the past.
    const mine = await bookings.mine(ana.id, { now: after(start, 21), pastShown: 20 });
    expect(mine.past.map((booking) => [booking.id, booking.status])).toEqual([[anas.id, 'no_show']]);
    expect(mine.upcoming).toEqual([]);
  });

  test('a check-in that arrived just before the deadline wins over the release that follows it', async () => {
    const { id: resourceId } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const member = await newMember(db, 'late-press');
    const start = hourAhead(7, 0);
    const booking = await booked(resourceId, member.id, start, 30);
    // Pressed at 14:59.9 past the start; its transaction runs at 15:00.2, when the sweep also runs.
    await releaseNoShows(db, after(start, 15.004));
    expect(await statusOf(booking.id)).toBe('active');
    expect(
      await checkIn(db, { bookingId: booking.id, userId: member.id, now: after(start, 14.998) }),
    ).toMatchObject({
      status: 'checked-in',
    });
    expect(await statusOf(booking.id)).toBe('checked_in');
  });

  test('check-in and release at the same moment, 50 rounds: exactly one wins each', async () => {
    const { id: resourceId } = await newResource(db, {
      rules: { checkInGraceMinutes: 15, maxUpcoming: 100 },
    });
    const member = await newMember(db, 'race');
    const base = hourAhead(6, 0);
    for (let round = 0; round < 50; round++) {
      const start = after(base, round * 60);
      const booking = await booked(resourceId, member.id, start, 30);
      // The member's clock says 14:59 past the start, the worker's 15:00: both act. On PostgreSQL
      // each takes a connection of the pool and they run side by side; SQLite takes one writer
      // at a time (two connections in one process would wait for each other's lock forever).
      const [checkedIn, released] = await Promise.all([
        checkIn(db, { bookingId: booking.id, userId: member.id, now: after(start, 14.99) }),
        releaseNoShows(db, after(start, 15.5)),
      ]);
      const status = await statusOf(booking.id);
      if (checkedIn.status === 'checked-in') expect(status).toBe('checked_in');
      else {
        expect(checkedIn).toEqual({
          status: 'refused',
          message: 'This booking was released because nobody checked in.',
        });
        expect(status).toBe('no_show');
        expect(released).toBeGreaterThanOrEqual(1);
      }
      const kinds = (await historyOf(db, [booking.id])).get(booking.id)!.map((event) => event.kind);
      expect(kinds.filter((kind) => kind === 'checked-in' || kind === 'released')).toHaveLength(1);
      // Each round the release wins is a strike: three would pause the member for the next rounds.
      await db.deleteFrom('strikes').where('user_id', '=', member.id).execute();
    }
  });
});

describe('a booking keeps the terms it was made under', () => {
  test('a cutoff raised after booking: the cancel stays free, the release is no late cancel', async () => {
    const { id: resourceId } = await newResource(db, { rules: { cancelCutoffMinutes: 60 } });
    const member = await newMember(db, 'terms');
    const start = hourAhead(11, 0);
    const [first, second] = [
      await booked(resourceId, member.id, start, 30),
      await booked(resourceId, member.id, after(start, 60), 30),
    ];
    // The lab raises the cutoff to 180 minutes; the member acts 120 minutes before the starts.
    await db
      .updateTable('resources')
      .set({ cancel_cutoff_minutes: 180 })
      .where('id', '=', resourceId)
      .execute();
    expect((await cancelBooking(db, first.id, member.id, after(start, -120))).status).toBe('cancelled');
    expect((await releaseLate(db, second.id, member.id, after(start, -60))).status).toBe('cancelled');
    const strikes = await db.selectFrom('strikes').select('kind').where('user_id', '=', member.id).execute();
    expect(strikes).toEqual([]);
    // A booking made now is held to the new cutoff.
    const third = await booked(resourceId, member.id, after(start, 180), 30);
    expect((await cancelBooking(db, third.id, member.id, after(start, 60))).status).toBe('refused');
  });

  test('check-in turned on after booking does not release it; turned off, the booking still needs it', async () => {
    const { id: plain } = await newResource(db);
    const { id: checked } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const member = await newMember(db, 'terms-check-in');
    const start = hourAhead(12, 0);
    const [before, needs] = [
      await booked(plain, member.id, start, 30),
      await booked(checked, member.id, start, 30),
    ];
    await db.updateTable('resources').set({ check_in_required: 1 }).where('id', '=', plain).execute();
    await db.updateTable('resources').set({ check_in_required: 0 }).where('id', '=', checked).execute();
    await releaseNoShows(db, after(start, 30));
    expect([await statusOf(before.id), await statusOf(needs.id)]).toEqual(['active', 'no_show']);
  });
});
