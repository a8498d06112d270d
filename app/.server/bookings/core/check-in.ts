// Check-in, check-out and the release of no-shows (docs/product.md §10 'Check-in'). Each is a
// guarded update of the booking's status in its own transaction, with its event: a check-in and a
// release at the same moment both want an 'active' row, and the database gives it to one (196 of
// 200 such races had two winners with a read-then-write, FAIR-USE notes). A check-out or a release
// shortens the row's block range, so the rest of the slot is free at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CHECK_IN_OPENS_MINUTES, checkInRefusal, RELEASE_SLACK_MS } from '~/lib/bookings/check-in';
import { OPEN, type Booking } from '~/lib/bookings/models';
import { addMinutes, DAY_MS, epochMinutes } from '~/lib/bookings/time';
import { transition } from './lifecycle';
import { lockMember, selectBookings, toBooking, writeTransaction } from './rows';
import { maySignOff, type InductionActor } from '../inductions/inductions';

export type CheckInOutcome =
  | { status: 'checked-in'; booking: Booking }
  | { status: 'refused'; message: string }
  | { status: 'not-found' };

/** A booking of a resource that requires check-in, with the resource's grace (null: not found). */
async function checkable(trx: Kysely<Database>, bookingId: string) {
  const row = await selectBookings(trx)
    .select(['resources.buffer_minutes', 'resources.induction_id as resource_induction_id'])
    .where('bookings.id', '=', bookingId)
    .where('bookings.kind', '=', 'booking')
    .executeTakeFirst();
  // Checked in to only if it was made under a check-in rule (its terms), whatever the resource says now.
  return row && row.check_in_grace_minutes !== null
    ? { ...row, grace_minutes: row.check_in_grace_minutes }
    : null;
}

/**
 * Checks a booking in: the member themself (`userId`), or an inductor or admin for them with a
 * reason (`by`, audited: the kiosk case). Refused outside the window, or when the release won.
 */
export async function checkIn(
  db: Kysely<Database>,
  input: {
    bookingId: string;
    userId?: string;
    by?: { actor: InductionActor; reason: string };
    now?: Date;
  },
): Promise<CheckInOutcome> {
  const now = input.now ?? new Date();
  return writeTransaction(db, async (trx): Promise<CheckInOutcome> => {
    const row = await checkable(trx, input.bookingId);
    if (!row || (input.userId && row.user_id !== input.userId)) return { status: 'not-found' };
    // Staff check in for others only at the machines their induction gates (admins: any).
    if (input.by && !(await staffAt(trx, input.by.actor, row.resource_induction_id)))
      return { status: 'not-found' };
    const refusal = checkInRefusal(toBooking(row), row.grace_minutes, now);
    if (refusal) return { status: 'refused', message: refusal };
    const [won] = await transition(
      trx,
      {
        to: 'checked-in',
        bookingId: row.id,
        by: input.by ? { actor: input.by.actor, reason: input.by.reason } : 'member',
      },
      now,
    );
    // A release, a cancel or another check-in came first: say which.
    if (!won) {
      const current = await trx
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', row.id)
        .executeTakeFirst();
      const status = (current?.status ?? 'cancelled') as Booking['status'];
      const message = checkInRefusal({ ...toBooking(row), status }, row.grace_minutes, now);
      return { status: 'refused', message: message ?? 'This booking is over.' };
    }
    return { status: 'checked-in', booking: won };
  });
}

export type CheckOutOutcome = { status: 'checked-out'; booking: Booking } | { status: 'not-found' };

/** Ends a checked-in booking now: the rest of its slot, after the buffer, is free at once. */
export async function checkOut(
  db: Kysely<Database>,
  input: { bookingId: string; userId: string; now?: Date },
): Promise<CheckOutOutcome> {
  const now = input.now ?? new Date();
  return writeTransaction(db, async (trx): Promise<CheckOutOutcome> => {
    const row = await checkable(trx, input.bookingId);
    if (!row || row.user_id !== input.userId || row.status !== 'checked_in') return { status: 'not-found' };
    // Checked out before the start (check-in opens 15 minutes early): it held its first minute.
    const ended = new Date(
      Math.min(Math.max(now.getTime(), Date.parse(row.starts_at)), Date.parse(row.ends_at)),
    );
    const [booking] = await transition(
      trx,
      {
        to: 'checked-out',
        bookingId: row.id,
        ended,
        // The buffer after it still applies, from the minute it ended (never later than booked).
        blockEnd: Math.min(
          row.block_end,
          Math.max(row.block_start + 1, Math.ceil(addMinutes(ended, row.buffer_minutes).getTime() / 60_000)),
        ),
      },
      now,
    );
    return booking ? { status: 'checked-out', booking } : { status: 'not-found' };
  });
}

/**
 * Releases every booking nobody checked in to by its start plus its resource's grace: status
 * 'no_show', held only until then (the machine is free from that minute), the member mailed.
 * Run by each instance's worker on every pass; each row is released by one of them. It waits
 * RELEASE_SLACK_MS past the deadline, so a check-in that arrived in time (judged by its arrival)
 * reaches its transaction first. One release that throws is logged and the others still run;
 * the sweep then fails with the count, so it is recorded. The count released.
 */
export async function releaseNoShows(db: Kysely<Database>, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('bookings')
    .select('bookings.id')
    .where('bookings.check_in_grace_minutes', 'is not', null)
    .where('bookings.kind', '=', 'booking')
    .where('bookings.status', '=', 'active')
    .where((eb) =>
      eb(
        eb('bookings.block_start', '+', eb.ref('bookings.check_in_grace_minutes')),
        '<=',
        epochMinutes(new Date(now.getTime() - RELEASE_SLACK_MS)),
      ),
    )
    .orderBy('bookings.block_start')
    .limit(100)
    .execute();
  let released = 0;
  const failed: string[] = [];
  for (const { id } of due)
    try {
      if (await release(db, id, now)) released++;
    } catch (error) {
      console.error(`Releasing booking ${id} failed:`, error);
      failed.push(id);
    }
  if (failed.length)
    throw new Error(`${failed.length} of ${due.length} releases failed: ${failed.join(', ')}`);
  return released;
}

async function release(db: Kysely<Database>, bookingId: string, now: Date) {
  return writeTransaction(db, async (trx) => {
    const row = await checkable(trx, bookingId);
    if (!row || row.status !== 'active') return false;
    // The strike below and the member's bookings are counted under their lock (decision 024).
    await lockMember(trx, row.user_id!);
    const at = addMinutes(new Date(row.starts_at), row.grace_minutes);
    // A check-in that came first wins: nothing is released.
    const [released] = await transition(
      trx,
      { to: 'released', bookingId, at, blockEnd: Math.min(row.block_end, epochMinutes(at)) },
      now,
    );
    return Boolean(released);
  });
}

/**
 * Whether `actor` may check members in at a machine gated by `inductionId`: an admin anywhere, an
 * inductor only where their induction is needed (a machine needing none: admins only).
 */
export async function staffAt(db: Kysely<Database>, actor: InductionActor, inductionId: string | null) {
  if (actor.role === 'admin') return true;
  return inductionId !== null && maySignOff(db, actor, inductionId);
}

/**
 * What /resources/{slug}/here shows: the member's current or next booking of the resource (or,
 * with none, the latest of theirs that ended early today: released or checked out), and for
 * staff there (staffAt()) who is checked in at the machine now and whose bookings can be checked
 * in to now.
 */
export async function atMachine(
  db: Kysely<Database>,
  input: { resourceId: string; userId: string; staff: boolean; now?: Date },
) {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const mine = selectBookings(db)
    .where('bookings.resource_id', '=', input.resourceId)
    .where('bookings.user_id', '=', input.userId)
    .where('bookings.kind', '=', 'booking');
  const others = () =>
    selectBookings(db)
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select(['users.username', 'users.fullname'])
      .where('bookings.resource_id', '=', input.resourceId)
      .where('bookings.kind', '=', 'booking')
      .where('bookings.user_id', '<>', input.userId)
      .orderBy('bookings.starts_at');
  const [open, endedEarly, checkable, checkedIn] = await Promise.all([
    mine
      .where('bookings.status', 'in', OPEN)
      .where('bookings.ends_at', '>', at)
      .orderBy('bookings.starts_at')
      .executeTakeFirst(),
    mine
      .where('bookings.status', 'in', ['no_show', 'checked_out'])
      .where('bookings.ends_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .orderBy('bookings.starts_at', 'desc')
      .executeTakeFirst(),
    input.staff
      ? others()
          .where('bookings.status', '=', 'active')
          .where('bookings.check_in_grace_minutes', 'is not', null)
          .where('bookings.starts_at', '<=', addMinutes(now, CHECK_IN_OPENS_MINUTES).toISOString())
          .where('bookings.ends_at', '>', at)
          .execute()
      : [],
    // Who is at the machine now: checked in, their booking not yet over.
    input.staff
      ? others().where('bookings.status', '=', 'checked_in').where('bookings.ends_at', '>', at).execute()
      : [],
  ]);
  const withMember = (other: (typeof checkable)[number]) => ({
    booking: toBooking(other),
    member: { username: other.username, fullname: other.fullname },
  });
  const row = open ?? endedEarly;
  return {
    mine: row ? toBooking(row) : null,
    // Each by its own terms: still inside its check-in window now.
    checkable: checkable
      .map(withMember)
      .filter(({ booking }) => checkInRefusal(booking, booking.terms.checkInGraceMinutes!, now) === null),
    checkedIn: checkedIn.map(withMember),
  };
}
