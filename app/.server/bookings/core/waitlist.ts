// The waiting list (docs/product.md §10 'The waiting list', docs/decisions/033-waiting-list-offers.md):
// members wait on a resource for time in a window; time a change frees is offered to the first in
// line who may book it now, held for them as a booking with status 'offered' (the clash guarantee
// covers it) until the offer's end; taking it, passing and its lapse are each one guarded update
// in the lifecycle, so two tabs, or a take at the end and the worker's lapse, give one outcome.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HOLDING, termsOf, type Booking, type Resource } from '~/lib/bookings/models';
import { limitRefusal, timeRefusal } from '~/lib/bookings/rules';
import { offerEndedText, offerHoldUntil, offerMode, offerSpan, type Span } from '~/lib/bookings/waitlist';
import { epochMinutes } from '~/lib/bookings/time';
import { MINUTE_MS } from '~/lib/time-units';
import { queueOpenTime } from '../notify/mail';
import { CreditsShort } from '../standing/credits';
import { memberHolds, standingRefusal } from './book';
import { transition } from './lifecycle';
import {
  bookingRow,
  isClash,
  lockMember,
  lockResource,
  selectBookings,
  selectResources,
  toBooking,
  toResource,
  writeTransaction,
} from './rows';

/** A wait as /bookings and the admin page show it. */
export interface Wait {
  id: string;
  resource: { id: string; slug: string; name: string };
  member: { id: string; username: string };
  /** ISO instants; a wait for one slot has the slot's own */
  from: string;
  to: string;
  minMinutes: number;
  createdAt: string;
  /** 1: next to be offered freed time in this window */
  place: number;
}

/** Why a member cannot join, next to the field of the join form it is about (null: the whole form). */
export interface WaitRefusal {
  rule: string;
  field: 'from' | 'to' | 'minMinutes' | null;
  message: string;
}

export type JoinOutcome =
  | { status: 'joined'; waitId: string }
  | { status: 'already'; waitId: string }
  | { status: 'refused'; refusal: WaitRefusal }
  | { status: 'not-found' };

/** 'in line for this already', as the join form says it. */
export const ALREADY_WAITING = 'You are already in line for this time.';

/**
 * Puts the member in line on a resource for any time in [from, to) of at least `minMinutes`. Refused
 * when they could never book there (out of service, their induction), for a window that is over or
 * too short for its own shortest length, or a length the resource does not allow.
 */
export async function joinWaitlist(
  db: Kysely<Database>,
  input: { resourceId: string; userId: string; from: Date; to: Date; minMinutes: number; now?: Date },
): Promise<JoinOutcome> {
  const now = input.now ?? new Date();
  try {
    return await join(db, input, now);
  } catch (error) {
    // Two tabs joining at once on PostgreSQL: both found no open wait, the unique index let one in.
    if (!isUniqueViolation(error)) throw error;
    return join(db, input, now);
  }
}

/** The database's refusal of a second row under a unique index (PostgreSQL 23505, SQLite's). */
const isUniqueViolation = (error: unknown) => {
  const { code } = (error ?? {}) as { code?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

async function join(
  db: Kysely<Database>,
  input: { resourceId: string; userId: string; from: Date; to: Date; minMinutes: number },
  now: Date,
): Promise<JoinOutcome> {
  return writeTransaction(db, async (trx): Promise<JoinOutcome> => {
    const row = await selectResources(trx).where('resources.id', '=', input.resourceId).executeTakeFirst();
    if (!row) return { status: 'not-found' };
    const resource = toResource(row);
    const standing = await standingRefusal(trx, resource, input.userId, now);
    const refusal = standing ? { ...standing, field: null } : windowRefusal(resource, input, now);
    if (refusal) return { status: 'refused', refusal };
    const window = { start: input.from.toISOString(), end: input.to.toISOString() };
    const open = await trx
      .selectFrom('waitlist')
      .select('id')
      .where('resource_id', '=', resource.id)
      .where('user_id', '=', input.userId)
      .where('window_start', '=', window.start)
      .where('window_end', '=', window.end)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (open) return { status: 'already', waitId: open.id };
    const id = crypto.randomUUID();
    // The unique index (one open wait per member, resource and window) decides between two tabs.
    await trx
      .insertInto('waitlist')
      .values({
        id,
        resource_id: resource.id,
        user_id: input.userId,
        window_start: window.start,
        window_end: window.end,
        min_minutes: input.minMinutes,
        created_at: now.toISOString(),
      })
      .execute();
    return { status: 'joined', waitId: id };
  });
}

function windowRefusal(
  resource: Resource,
  input: { from: Date; to: Date; minMinutes: number },
  now: Date,
): WaitRefusal | null {
  const { rules } = resource;
  const { from, to, minMinutes } = input;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    return { rule: 'start', field: 'from', message: 'Give the window’s start and end.' };
  if (to.getTime() <= now.getTime()) return { rule: 'notice', field: 'to', message: 'That time has passed.' };
  if (!(minMinutes >= rules.minMinutes) || minMinutes > rules.maxMinutes)
    return {
      rule: 'length',
      field: 'minMinutes',
      message: `Choose a length from ${rules.minMinutes} to ${rules.maxMinutes} minutes.`,
    };
  if (to.getTime() - from.getTime() < minMinutes * MINUTE_MS)
    return { rule: 'length', field: 'to', message: 'The window is shorter than the length you need.' };
  return null;
}

/** The member leaves the line ('Leave' on /bookings); false when the wait was not theirs or had ended. */
export async function leaveWaitlist(db: Kysely<Database>, waitId: string, userId: string, now = new Date()) {
  const left = await db
    .updateTable('waitlist')
    .set({ ended_at: now.toISOString(), ended_why: 'left' })
    .where('id', '=', waitId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return left.length > 0;
}

/** Waits not ended whose window is not over, oldest first (the line), with their member. */
const openWaits = (db: Kysely<Database>, now: Date) =>
  db
    .selectFrom('waitlist')
    .innerJoin('users', 'users.id', 'waitlist.user_id')
    .innerJoin('resources', 'resources.id', 'waitlist.resource_id')
    .select([
      'waitlist.id',
      'waitlist.resource_id',
      'waitlist.user_id',
      'waitlist.window_start',
      'waitlist.window_end',
      'waitlist.min_minutes',
      'waitlist.created_at',
      'users.username',
      'users.email',
      'resources.slug as resource_slug',
      'resources.name as resource_name',
    ])
    .where('waitlist.ended_at', 'is', null)
    .where('waitlist.window_end', '>', now.toISOString())
    .orderBy('waitlist.created_at')
    .orderBy('waitlist.id');

type WaitRow = Awaited<ReturnType<ReturnType<typeof openWaits>['execute']>>[number];

const overlaps = (a: WaitRow, b: WaitRow) => a.window_start < b.window_end && b.window_start < a.window_end;

/** Each wait with its place: 1 + the waits before it in line whose window meets its own. */
function withPlaces(line: WaitRow[], of: WaitRow[]): Wait[] {
  return of.map((wait) => ({
    id: wait.id,
    resource: { id: wait.resource_id, slug: wait.resource_slug, name: wait.resource_name },
    member: { id: wait.user_id, username: wait.username },
    from: wait.window_start,
    to: wait.window_end,
    minMinutes: wait.min_minutes,
    createdAt: wait.created_at,
    place:
      1 +
      line.filter(
        (other) =>
          other.resource_id === wait.resource_id &&
          (other.created_at < wait.created_at ||
            (other.created_at === wait.created_at && other.id < wait.id)) &&
          overlaps(other, wait),
      ).length,
  }));
}

/** The member's waits, soonest window first, each with its place in line. */
export async function waitsOf(db: Kysely<Database>, userId: string, now = new Date()): Promise<Wait[]> {
  const mine = await openWaits(db, now).where('waitlist.user_id', '=', userId).execute();
  if (!mine.length) return [];
  const line = await openWaits(db, now)
    .where('waitlist.resource_id', 'in', [...new Set(mine.map((wait) => wait.resource_id))])
    .execute();
  return withPlaces(line, mine).sort((a, b) => a.from.localeCompare(b.from));
}

/** A resource's line (oldest first) and the offers out, for its admin page. */
export async function lineOf(db: Kysely<Database>, resourceId: string, now = new Date()) {
  const line = await openWaits(db, now).where('waitlist.resource_id', '=', resourceId).execute();
  const offers = await selectBookings(db)
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select('users.username')
    .where('bookings.resource_id', '=', resourceId)
    .where('bookings.status', '=', 'offered')
    .orderBy('bookings.starts_at')
    .execute();
  return {
    line: withPlaces(line, line),
    offers: offers.map((row) => ({ booking: toBooking(row), username: row.username })),
  };
}

/** The blocked ranges of the rows of a resource that hold the machine across `span`. */
const busyIn = async (trx: Kysely<Database>, resourceId: string, span: Span): Promise<Span[]> =>
  (
    await trx
      .selectFrom('bookings')
      .select(['block_start', 'block_end'])
      .where('resource_id', '=', resourceId)
      .where('status', 'in', HOLDING)
      .where('block_start', '<', span.end)
      .where('block_end', '>', span.start)
      .execute()
  ).map((row) => ({ start: row.block_start, end: row.block_end }));

export type OfferFreedOutcome =
  | { status: 'offered'; booking: Booking }
  /** under 90 minutes before the start: mailed to everyone waiting, these waits */
  | { status: 'announced'; waitIds: string[] }
  | { status: 'nobody' };

/**
 * The worker's job for time a change freed ([from, to), epoch minutes): under the resource's lock,
 * the first in line whose window holds free time of their shortest length, who may book it now
 * (standing, time rules, limits, credits: as book() checks) and was not offered this time before,
 * is offered it; under 90 minutes before its start, everyone waiting for it is mailed at once.
 */
export async function offerFreed(
  db: Kysely<Database>,
  input: { resourceId: string; from: number; to: number },
  now = new Date(),
): Promise<OfferFreedOutcome> {
  return writeTransaction(db, async (trx): Promise<OfferFreedOutcome> => {
    await lockResource(trx, input.resourceId);
    // Waits whose window is over have ended, for the usage figures.
    await trx
      .updateTable('waitlist')
      .set({ ended_at: now.toISOString(), ended_why: 'over' })
      .where('resource_id', '=', input.resourceId)
      .where('ended_at', 'is', null)
      .where('window_end', '<=', now.toISOString())
      .execute();
    const row = await selectResources(trx).where('resources.id', '=', input.resourceId).executeTakeFirst();
    if (!row) return { status: 'nobody' };
    const resource = toResource(row);
    // From the next minute on: time already begun is no one's to book.
    const freed = { start: Math.max(input.from, Math.floor(now.getTime() / MINUTE_MS) + 1), end: input.to };
    if (freed.start >= freed.end) return { status: 'nobody' };
    const busy = await busyIn(trx, resource.id, freed);
    const asIso = (minutes: number) => new Date(minutes * MINUTE_MS).toISOString();
    // Members who had an offer of any of this time (taken, passed or lapsed) are not offered it again.
    const line = await openWaits(trx, now)
      .where('waitlist.resource_id', '=', resource.id)
      .where('waitlist.window_start', '<', asIso(freed.end))
      .where('waitlist.window_end', '>', asIso(freed.start))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('bookings as offer')
              .innerJoin('waitlist as had', 'had.id', 'offer.waitlist_id')
              .select('offer.id')
              .where('offer.resource_id', '=', resource.id)
              .whereRef('had.user_id', '=', 'waitlist.user_id')
              .where('offer.block_start', '<', freed.end)
              .where('offer.block_end', '>', freed.start),
          ),
        ),
      )
      .execute();
    const spans = line.flatMap((wait) => {
      const span = offerSpan({
        freed,
        busy,
        window: {
          start: epochMinutes(new Date(wait.window_start)),
          end: epochMinutes(new Date(wait.window_end)),
        },
        minMinutes: wait.min_minutes,
        rules: resource.rules,
      });
      return span
        ? [{ wait, start: new Date(span.start * MINUTE_MS), end: new Date(span.end * MINUTE_MS) }]
        : [];
    });
    if (!spans.length) return { status: 'nobody' };

    if (offerMode(spans[0].start, now) === 'everyone') {
      // No hold this close to the start: everyone waiting hears at once, and the first to book gets it.
      for (const { wait, start, end } of spans)
        await queueOpenTime(trx, {
          key: `offer-open:${wait.id}:${input.from}-${input.to}`,
          to: wait.email,
          resource,
          start,
          end,
        });
      return { status: 'announced', waitIds: spans.map(({ wait }) => wait.id) };
    }

    for (const { wait, start, end } of spans) {
      if (offerMode(start, now) !== 'hold') continue;
      const minutes = (end.getTime() - start.getTime()) / MINUTE_MS;
      const refusal =
        (await standingRefusal(trx, resource, wait.user_id, now)) ??
        timeRefusal(resource.rules, start, minutes, now) ??
        limitRefusal(resource.rules, minutes, await memberHolds(trx, resource.id, wait.user_id, start, now));
      if (refusal) continue;
      const offered = await inSavepoint(trx, () =>
        transition(
          trx,
          {
            to: 'offered',
            row: {
              ...bookingRow({
                resourceId: resource.id,
                kind: 'booking',
                userId: wait.user_id,
                start,
                end,
                bufferMinutes: resource.rules.bufferMinutes,
                now,
                terms: termsOf(resource.rules),
                status: 'offered',
                holdUntil: offerHoldUntil(start, now),
              }),
              waitlist_id: wait.id,
            },
          },
          now,
        ),
      );
      // Too few credits (the hold threw): the next in line.
      if (offered) return { status: 'offered', booking: offered[0] };
    }
    return { status: 'nobody' };
  });
}

/**
 * Runs `work` in a savepoint of `trx`: what it wrote is undone when the member cannot pay (the
 * credit hold throws CreditsShort) or the time is taken after all (the clash), and null returned.
 */
async function inSavepoint<T>(trx: Kysely<Database>, work: () => Promise<T>): Promise<T | null> {
  await sql`savepoint offer`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint offer`.execute(trx);
    return result;
  } catch (error) {
    if (!(error instanceof CreditsShort) && !isClash(error)) throw error;
    await sql`rollback to savepoint offer`.execute(trx);
    await sql`release savepoint offer`.execute(trx);
    return null;
  }
}

export type OfferOutcome =
  | { status: 'taken'; booking: Booking }
  | { status: 'passed' }
  /** taken, passed or lapsed before: what happened, in words */
  | { status: 'already'; message: string }
  | { status: 'not-found' };

/** The member's offer `bookingId` (any status since), or null: /offers/{id} is theirs alone. */
export async function ownOffer(db: Kysely<Database>, bookingId: string, userId: string) {
  const row = await selectBookings(db)
    .where('bookings.id', '=', bookingId)
    .where('bookings.user_id', '=', userId)
    .where('bookings.waitlist_id', 'is not', null)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

/**
 * 'Take it' (`take`) or 'Pass' on the member's offer: one guarded update each. A take at or after
 * the offer's end lapses it, as the worker would at that moment.
 */
export async function answerOffer(
  db: Kysely<Database>,
  input: { bookingId: string; userId: string; take: boolean; now?: Date },
): Promise<OfferOutcome> {
  const now = input.now ?? new Date();
  return writeTransaction(db, async (trx): Promise<OfferOutcome> => {
    await lockMember(trx, input.userId);
    const offer = await ownOffer(trx, input.bookingId, input.userId);
    if (!offer) return { status: 'not-found' };
    const late = offer.holdUntil !== null && offer.holdUntil <= now.toISOString();
    const [changed] =
      input.take && late
        ? []
        : await transition(trx, { to: input.take ? 'accepted' : 'passed', bookingId: offer.id }, now);
    if (changed) return input.take ? { status: 'taken', booking: changed } : { status: 'passed' };
    if (late) await transition(trx, { to: 'lapsed', bookingId: offer.id }, now);
    const current = await ownOffer(trx, offer.id, input.userId);
    return { status: 'already', message: offerEndedText(current!) };
  });
}

/** The worker's end of an offer nobody took (a job at its `hold_until`). */
export async function lapseOffer(db: Kysely<Database>, bookingId: string, now = new Date()) {
  return writeTransaction(db, (trx) => transition(trx, { to: 'lapsed', bookingId }, now));
}
