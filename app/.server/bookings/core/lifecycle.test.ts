// The booking lifecycle on the real store (both engines): each change, made the way the site makes
// it, leaves exactly the effects its row of one table says (docs/decisions/030-booking-lifecycle.md).
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { cancelBooking, changeBooking, releaseLate } from './book';
import { checkIn, checkOut, releaseNoShows } from './check-in';
import { cancelForLab } from './staff';
import { historyOf } from './events';
import {
  newMember,
  newResource,
  hourAhead,
  bookedBy,
  minutesAfter,
  newCredit,
  granted,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

interface Expected {
  status: string;
  /** the booking's events after the first ('booked'), as 'kind actor: reason' */
  events: string[];
  /** the mail jobs queued about it, by their key's first part */
  mails: string[];
  /** its reminder jobs: queued (waiting), or none left waiting */
  reminders: 'queued' | 'cancelled';
  strike: 'late-cancel' | 'no-show' | null;
  audit: string | null;
  /** the member's lot of 10 credits (the booking costs 2): what it has left, and its entries after the grant */
  credits: { remaining: number; entries: string[] };
}

type Staff = { id: string; username: string; role: 'admin' };

/** Each change the site makes, how it is made here, and what it must leave behind. */
const CASES: {
  name: string;
  /** on a booking three days ahead, of a resource with check-in (15 minutes' grace) and a 60-minute cutoff */
  act: (id: string, ctx: { member: string; staff: Staff; start: Date }) => Promise<unknown>;
  expected: Expected;
}[] = [
  {
    name: 'booked by the member',
    act: async () => undefined,
    expected: {
      status: 'active',
      events: [],
      mails: ['booking-confirmed'],
      reminders: 'queued',
      strike: null,
      audit: null,
      credits: { remaining: 8, entries: ['hold'] },
    },
  },
  {
    name: 'changed by the member',
    act: (id, { member, start }) =>
      changeBooking(db, { bookingId: id, userId: member, start: minutesAfter(start, 60), minutes: 60 }),
    expected: {
      status: 'active',
      events: ['changed member: was {its time}'],
      mails: ['booking-confirmed', 'booking-confirmed'],
      reminders: 'queued',
      strike: null,
      audit: null,
      credits: { remaining: 8, entries: ['hold', 'release', 'hold'] },
    },
  },
  {
    name: 'cancelled by the member',
    act: (id, { member }) => cancelBooking(db, id, member),
    expected: {
      status: 'cancelled',
      events: ['cancelled member: '],
      mails: ['booking-confirmed', 'booking-cancelled'],
      reminders: 'cancelled',
      strike: null,
      audit: null,
      credits: { remaining: 10, entries: ['hold', 'release'] },
    },
  },
  {
    name: 'cancelled by the lab',
    act: (id, { staff }) => cancelForLab(db, id, 'Laser tube replaced', staff),
    expected: {
      status: 'cancelled',
      events: ['cancelled @staff: Laser tube replaced'],
      mails: ['booking-confirmed', 'booking-cancelled'],
      reminders: 'cancelled',
      strike: null,
      audit: 'booking.cancel',
      credits: { remaining: 10, entries: ['hold', 'release'] },
    },
  },
  {
    name: 'released late (past the cutoff)',
    act: (id, { member, start }) => releaseLate(db, id, member, minutesAfter(start, -30)),
    expected: {
      status: 'cancelled',
      events: ['cancelled member: released past the cutoff', 'strike lab: Released late'],
      mails: ['booking-confirmed', 'booking-cancelled'],
      reminders: 'cancelled',
      strike: 'late-cancel',
      audit: null,
      credits: { remaining: 8, entries: ['hold', 'settle'] },
    },
  },
  {
    name: 'checked in by the member',
    act: (id, { member, start }) =>
      checkIn(db, { bookingId: id, userId: member, now: minutesAfter(start, -5) }),
    expected: {
      status: 'checked_in',
      events: ['checked-in member: '],
      mails: ['booking-confirmed'],
      reminders: 'queued',
      strike: null,
      audit: null,
      credits: { remaining: 8, entries: ['hold'] },
    },
  },
  {
    name: 'checked in by staff',
    act: (id, { staff, start }) =>
      checkIn(db, { bookingId: id, by: { actor: staff, reason: 'Phone flat' }, now: minutesAfter(start, 5) }),
    expected: {
      status: 'checked_in',
      events: ['checked-in @staff: Phone flat'],
      mails: ['booking-confirmed'],
      reminders: 'queued',
      strike: null,
      audit: 'booking.check-in',
      credits: { remaining: 8, entries: ['hold'] },
    },
  },
  {
    name: 'checked out by the member',
    act: async (id, { member, start }) => {
      await checkIn(db, { bookingId: id, userId: member, now: minutesAfter(start, -5) });
      return checkOut(db, { bookingId: id, userId: member, now: minutesAfter(start, 20) });
    },
    expected: {
      status: 'checked_out',
      events: ['checked-in member: ', 'checked-out member: '],
      mails: ['booking-confirmed'],
      reminders: 'queued',
      strike: null,
      audit: null,
      credits: { remaining: 9, entries: ['hold', 'settle', 'release'] },
    },
  },
  {
    name: 'released by the lab (nobody checked in)',
    act: (_id, { start }) => releaseNoShows(db, minutesAfter(start, 20)),
    expected: {
      status: 'no_show',
      events: ['released lab: ', 'strike lab: No-show'],
      mails: ['booking-confirmed', 'booking-released'],
      reminders: 'cancelled',
      strike: 'no-show',
      audit: null,
      credits: { remaining: 8, entries: ['hold', 'settle'] },
    },
  },
];

/** The effects, as the table reads them, of booking `id` (events after its first, 'booked'). */
async function effectsOf(id: string, member: string, since: string): Promise<Expected> {
  const [row, history, jobs, strike, audit, lot] = await Promise.all([
    db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow(),
    historyOf(db, [id]),
    db
      .selectFrom('jobs')
      .select(['kind', 'key', 'state'])
      .where('key', 'like', `%${id}%`)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('strikes').select('kind').where('booking_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('created_at', '>=', since)
      .where('target', 'like', `%${member}%`)
      .execute(),
    db
      .selectFrom('credit_lots')
      .innerJoin('users', 'users.id', 'credit_lots.user_id')
      .select(['credit_lots.id', 'credit_lots.remaining'])
      .where('users.username', '=', member)
      .executeTakeFirstOrThrow(),
  ]);
  const entries = await db
    .selectFrom('credit_entries')
    .select('kind')
    .where('lot_id', '=', lot.id)
    .where('kind', '!=', 'grant')
    .orderBy('created_at')
    .orderBy('kind', 'desc')
    .execute();
  const reminders = jobs.filter((job) => job.kind === 'reminder');
  return {
    status: row.status,
    events: (history.get(id) ?? [])
      .slice(1)
      .map(
        (event) =>
          `${event.kind} ${event.actor.replace(/^@staff_\w+/, '@staff')}: ${event.reason.replace(/^was .+/, 'was {its time}')}`,
      ),
    mails: jobs.filter((job) => job.kind === 'mail').map((job) => job.key.split(':')[1]),
    reminders: reminders.some((job) => job.state === 'queued') ? 'queued' : 'cancelled',
    strike: (strike?.kind as Expected['strike']) ?? null,
    audit: audit[0]?.action ?? null,
    credits: { remaining: lot.remaining, entries: entries.map((entry) => entry.kind) },
  };
}

test.each(CASES)(
  '$name: its event, jobs, strike and audit entry, as the table says',
  async ({ act, expected }) => {
    const credit = await newCredit(db);
    const { id: resourceId } = await newResource(db, {
      rules: { checkInGraceMinutes: 15, cancelCutoffMinutes: 60, noticeMinutes: 0 },
      cost: { creditId: credit.id, perHour: 2 },
    });
    const member = await newMember(db, 'life');
    await granted(db, member.id, credit.id, 10);
    const staffMember = await newMember(db, 'staff');
    const staff: Staff = { id: staffMember.id, username: staffMember.username, role: 'admin' };
    const start = hourAhead(3);
    const since = new Date().toISOString();
    const booking = await bookedBy(db, resourceId, member.id, start, 60);
    await act(booking.id, { member: member.id, staff, start });
    expect(await effectsOf(booking.id, member.username, since)).toEqual(expected);
  },
);
