// Booking and cancelling (docs/product.md §10, docs/decisions/024-bookings-never-clash.md). The
// rules are checked in the write's own transaction with counts read there under the member's lock;
// the clash is decided by the database (an exclusion constraint, or SQLite's trigger), so two
// requests for one slot can never both succeed, on one instance or several.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actorName, type Actor } from '../../audit';
import {
  CANCELLABLE,
  heldUntil,
  HOLDING,
  OPEN,
  termsOf,
  type Booking,
  type Resource,
} from '~/lib/bookings/models';
import {
  cancelRefusal,
  countingWeek,
  inductionRefusal,
  limitRefusal,
  statusRefusal,
  timeRefusal,
  type Refusal,
} from '~/lib/bookings/rules';
import { inTheWay, nearestFree } from '~/lib/bookings/slots';
import { requestDeadline, requestRefusal } from '~/lib/bookings/approvals';
import { addMinutes, DAY_MS } from '~/lib/bookings/time';
import { inductionStanding } from '../inductions/inductions';
import { transition } from './lifecycle';
import { strikesRefusal } from '../standing/strikes';
import { CreditsShort } from '../standing/credits';
import {
  bookingRow,
  calendarBlocks,
  isClash,
  lockMember,
  lockResource,
  rulesOf,
  selectBookings,
  selectResources,
  toBooking,
  toResource,
  writeTransaction,
} from './rows';

export interface BookRequest {
  resourceId: string;
  userId: string;
  start: Date;
  minutes: number;
  note: string;
  /**
   * An admin booking for the member past their limits, notice, length and hours (never past a
   * clash or into the past), and why; past a missing induction or an out-of-service resource only
   * with `override` ('Book anyway'), which the audit entry names.
   */
  onBehalf?: { actor: Actor; reason: string; override?: boolean };
  /**
   * the answers to the questions of a resource that needs approval, in their order: the member's
   * booking there is a request (status 'pending'); an admin's on a member's behalf is not
   */
  answers?: string[];
  now?: Date;
}

export type BookOutcome =
  /** `booking.status` 'pending': a request, held until `booking.holdUntil` for an approver */
  | { status: 'booked'; booking: Booking }
  /** `overridable`: on behalf, 'Book anyway' would pass this refusal */
  | { status: 'refused'; refusal: Refusal & { overridable?: boolean } }
  /**
   * the time is not free (taken in a race or since the page was drawn, the member's own booking, a
   * maintenance block: `refusal` says which) and free starts near it instead
   */
  | { status: 'taken'; refusal: Refusal; nearest: string[] }
  | { status: 'not-found' };

/**
 * What refuses a member any booking of `resource`, whatever the time, checked first by book() and
 * by the confirm page alike: the resource's status, the induction it needs, then the member's
 * strikes (read under the member's lock in book(): parallel requests count the same strikes).
 */
export async function standingRefusal(
  db: Kysely<Database>,
  resource: Resource,
  userId: string,
  now: Date,
): Promise<Refusal | null> {
  const status = statusRefusal(resource);
  if (status) return status;
  const induction = resource.induction
    ? inductionRefusal(await inductionStanding(db, resource.induction, userId, now))
    : null;
  return induction ?? (await strikesRefusal(db, userId, now));
}

export async function book(db: Kysely<Database>, request: BookRequest): Promise<BookOutcome> {
  const now = request.now ?? new Date();
  const { start, minutes } = request;
  try {
    return await writeTransaction(db, async (trx) => {
      await lockMember(trx, request.userId);
      await lockResource(trx, request.resourceId);
      const row = await selectResources(trx)
        .where('resources.id', '=', request.resourceId)
        .executeTakeFirst();
      if (!row) return { status: 'not-found' } as const;
      const resource = toResource(row);
      const rules = resource.rules;
      const standing = await standingRefusal(trx, resource, request.userId, now);
      const onBehalf = request.onBehalf;
      if (onBehalf) {
        const refusal = onBehalfRefusal(start, minutes, now);
        if (refusal) return refused(refusal);
        if (standing && !onBehalf.override) return refused({ ...standing, overridable: true });
      } else {
        const refusal =
          standing ??
          timeRefusal(rules, start, minutes, now) ??
          (resource.approval ? requestRefusal(start, now) : null) ??
          limitRefusal(rules, minutes, await memberHolds(trx, resource.id, request.userId, start, now));
        if (refusal) return refused(refusal);
      }
      const newRow = bookingRow({
        resourceId: resource.id,
        kind: 'booking',
        userId: request.userId,
        start,
        end: addMinutes(start, minutes),
        bufferMinutes: rules.bufferMinutes,
        note: request.note,
        bookedBy: onBehalf ? actorName(onBehalf.actor) : null,
        reason: onBehalf?.reason ?? '',
        now,
        terms: termsOf(rules),
      });
      if (resource.approval && !onBehalf) {
        // A request: the slot held (the clash guarantee covers it) until an approver decides.
        const questions = resource.approval.questions;
        const answers = questions.map((question, index) => ({
          question,
          answer: request.answers?.[index]?.trim() ?? '',
        }));
        if (answers.some((item) => !item.answer)) return refused(UNANSWERED);
        const [booking] = await transition(
          trx,
          {
            to: 'requested',
            row: {
              ...newRow,
              status: 'pending',
              hold_until: requestDeadline(start, now).toISOString(),
              answers: JSON.stringify(answers),
            },
          },
          now,
        );
        return { status: 'booked', booking } as const;
      }
      const by = onBehalf ? { actor: onBehalf.actor, reason: onBehalf.reason } : ('member' as const);
      const [booking] = await transition(
        trx,
        {
          to: 'booked',
          row: newRow,
          by,
          past: onBehalf && standing ? standing.message : undefined,
          override: onBehalf?.override,
        },
        now,
      );
      return { status: 'booked', booking } as const;
    });
  } catch (error) {
    // Too few credits: the hold threw in the booking's transaction, so nothing was booked.
    if (error instanceof CreditsShort)
      return refused({ ...creditsRefusal(error), overridable: Boolean(request.onBehalf) });
    if (!isClash(error)) throw error;
    return { status: 'taken', ...(await afterClash(db, request, now)) };
  }
}

/**
 * What a member already holds on a resource: upcoming (or running) bookings, and the minutes booked
 * in the lab week `start` falls in (a booking counts in the week it starts).
 */
export async function memberHolds(
  db: Kysely<Database>,
  resourceId: string,
  userId: string,
  start: Date,
  now: Date,
) {
  const week = countingWeek(start);
  const mine = db
    .selectFrom('bookings')
    .where('resource_id', '=', resourceId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'booking');
  const [upcoming, inWeek] = await Promise.all([
    mine
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', 'in', OPEN)
      .where('ends_at', '>', now.toISOString())
      .executeTakeFirstOrThrow(),
    mine
      .select(['starts_at', 'ends_at', 'checked_out_at', 'released_at'])
      .where('status', 'in', HOLDING)
      .where('starts_at', '>=', week.start.toISOString())
      .where('starts_at', '<', week.end.toISOString())
      .execute(),
  ]);
  // The minutes each held the machine: a booking checked out early or released counts until then.
  const weekMinutes = inWeek.reduce(
    (sum, row) =>
      sum +
      (Date.parse(
        heldUntil({ end: row.ends_at, checkedOutAt: row.checked_out_at, releasedAt: row.released_at }),
      ) -
        Date.parse(row.starts_at)) /
        60_000,
    0,
  );
  return { upcoming: Number(upcoming.count), weekMinutes };
}

/** 'You need 6 GPU tokens for this and have 4.', next to the length the member chose. */
const creditsRefusal = (error: CreditsShort): Refusal => ({
  rule: 'credits',
  field: 'minutes',
  message: error.message,
});

/** The pages and the API say which question is unanswered; this is the store's own guard. */
const UNANSWERED: Refusal = { rule: 'answers', field: null, message: 'Answer every question.' };

const refused = (refusal: Refusal & { overridable?: boolean }) => ({ status: 'refused', refusal }) as const;

const YEAR_MS = 365 * DAY_MS;

/** What an admin's booking for a member must still pass: a length, a time ahead, within a year. */
function onBehalfRefusal(start: Date, minutes: number, now: Date): Refusal | null {
  if (!(minutes > 0)) return { rule: 'length', field: 'minutes', message: 'Choose a length.' };
  if (Number.isNaN(start.getTime()))
    return { rule: 'start', field: 'start', message: 'Choose a start time from the calendar.' };
  if (start.getTime() < now.getTime())
    return { rule: 'notice', field: 'start', message: 'That time has passed.' };
  if (start.getTime() > now.getTime() + YEAR_MS)
    return { rule: 'horizon', field: 'start', message: 'Book for a member at most a year ahead.' };
  return null;
}

/**
 * What stands where the database refused the booking, read after the race was lost, and the free
 * starts near it that fit a booking of the same length (none when it is the member's own).
 */
async function afterClash(db: Kysely<Database>, request: BookRequest, now: Date, changing?: string) {
  const { resourceId, start, minutes } = request;
  const row = await selectResources(db).where('resources.id', '=', resourceId).executeTakeFirstOrThrow();
  const rules = rulesOf(row);
  const blocks = await calendarBlocks(
    db,
    resourceId,
    new Date(start.getTime() - 3 * DAY_MS),
    new Date(start.getTime() + 3 * DAY_MS),
    request.userId,
    changing,
  );
  const refusal = inTheWay(rules, start, minutes, blocks);
  const nearest = refusal.rule === 'mine' ? [] : nearestFree(rules, start, minutes, blocks, now);
  return { refusal, nearest: nearest.map((date) => date.toISOString()) };
}

export type CancelOutcome =
  | { status: 'cancelled'; booking: Booking }
  | { status: 'refused'; refusal: Refusal }
  | { status: 'not-found' };

/**
 * The member's own booking `bookingId` while nobody is at the machine: active, or a request or an
 * offer (cancel and release act on no other).
 */
const ownActive = (trx: Kysely<Database>, bookingId: string, userId: string) =>
  selectBookings(trx)
    .where('bookings.id', '=', bookingId)
    .where('bookings.kind', '=', 'booking')
    .where('bookings.status', 'in', CANCELLABLE)
    .where('bookings.user_id', '=', userId)
    .executeTakeFirst();

/**
 * Cancels a member's own booking, up to the resource's cutoff. The row stays, cancelled, so
 * calendar feeds can say so. (The lab cancels with a reason: cancelForLab, a block's 'Also cancel'.)
 */
export async function cancelBooking(
  db: Kysely<Database>,
  bookingId: string,
  userId: string,
  now = new Date(),
): Promise<CancelOutcome> {
  return writeTransaction(db, async (trx) => {
    const row = await ownActive(trx, bookingId, userId);
    if (!row) return { status: 'not-found' } as const;
    // By the cutoff the booking was made under, not the resource's of today; a request waiting
    // for approval is withdrawn at any time.
    const refusal =
      row.status === 'pending' ? null : cancelRefusal(toBooking(row).terms, new Date(row.starts_at), now);
    if (refusal) return { status: 'refused', refusal } as const;
    const [changed] = await transition(trx, { to: 'cancelled', bookingIds: [row.id], by: 'member' }, now);
    if (!changed) return { status: 'not-found' } as const;
    return { status: 'cancelled', booking: changed } as const;
  });
}

/**
 * 'Release this booking': past the cancellation cutoff, the member still frees the slot for others.
 * It is cancelled, and counts as a late cancel (a strike, waived if someone books the slot before
 * it starts). Before the cutoff it is an ordinary cancel, without a strike; once begun, refused.
 */
export async function releaseLate(
  db: Kysely<Database>,
  bookingId: string,
  userId: string,
  now = new Date(),
): Promise<CancelOutcome> {
  return writeTransaction(db, async (trx): Promise<CancelOutcome> => {
    await lockMember(trx, userId);
    const row = await ownActive(trx, bookingId, userId);
    if (!row) return { status: 'not-found' };
    const start = new Date(row.starts_at);
    if (start <= now)
      return {
        status: 'refused',
        refusal: { rule: 'started', field: null, message: 'That booking has started.' },
      };
    // Past the cutoff (the rule cancel refuses by): a late cancel, with its strike.
    const late = row.status === 'active' && cancelRefusal(toBooking(row).terms, start, now) !== null;
    const [cancelled] = await transition(
      trx,
      late
        ? { to: 'late-released', bookingId: row.id }
        : { to: 'cancelled', bookingIds: [row.id], by: 'member' },
      now,
    );
    if (!cancelled) return { status: 'not-found' };
    return { status: 'cancelled', booking: cancelled };
  });
}

export type ChangeOutcome =
  | { status: 'changed'; booking: Booking }
  | { status: 'refused'; refusal: Refusal }
  | { status: 'taken'; refusal: Refusal; nearest: string[] }
  | { status: 'not-found' };

/**
 * Moves a member's own booking to another start or length on the same resource: until the
 * cancellation cutoff, by every rule (counted without the booking itself) and the clash guarantee,
 * in one transaction; the same row, so the same UID, with SEQUENCE raised. A refused change leaves
 * the booking as it was.
 */
export async function changeBooking(
  db: Kysely<Database>,
  input: { bookingId: string; userId: string; start: Date; minutes: number; now?: Date },
): Promise<ChangeOutcome> {
  const now = input.now ?? new Date();
  const { start, minutes } = input;
  let resourceId: string | null = null;
  try {
    return await writeTransaction(db, async (trx): Promise<ChangeOutcome> => {
      await lockMember(trx, input.userId);
      const current = await trx
        .selectFrom('bookings')
        .select(['resource_id', 'starts_at', 'ends_at'])
        .where('id', '=', input.bookingId)
        .where('user_id', '=', input.userId)
        .where('kind', '=', 'booking')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!current) return { status: 'not-found' };
      resourceId = current.resource_id;
      await lockResource(trx, current.resource_id);
      const resource = toResource(
        await selectResources(trx).where('resources.id', '=', current.resource_id).executeTakeFirstOrThrow(),
      );
      const rules = resource.rules;
      const holds = await memberHolds(trx, resource.id, input.userId, start, now);
      // The booking being changed does not count against itself.
      const own = (Date.parse(current.ends_at) - Date.parse(current.starts_at)) / 60_000;
      const sameWeek =
        countingWeek(new Date(current.starts_at)).start.getTime() === countingWeek(start).start.getTime();
      const refusal =
        cancelRefusal(rules, new Date(current.starts_at), now, 'changed') ??
        (await standingRefusal(trx, resource, input.userId, now)) ??
        timeRefusal(rules, start, minutes, now) ??
        limitRefusal(rules, minutes, {
          upcoming: holds.upcoming - 1,
          weekMinutes: holds.weekMinutes - (sameWeek ? own : 0),
        });
      if (refusal) return { status: 'refused', refusal };
      const [booking] = await transition(
        trx,
        {
          to: 'changed',
          bookingId: input.bookingId,
          start,
          end: addMinutes(start, minutes),
          bufferMinutes: rules.bufferMinutes,
          terms: termsOf(rules),
          was: { start: current.starts_at, end: current.ends_at },
        },
        now,
      );
      if (!booking) return { status: 'not-found' };
      return { status: 'changed', booking };
    });
  } catch (error) {
    if (error instanceof CreditsShort) return { status: 'refused', refusal: creditsRefusal(error) };
    if (!isClash(error) || !resourceId) throw error;
    return {
      status: 'taken',
      ...(await afterClash(
        db,
        { resourceId, userId: input.userId, start, minutes, note: '' },
        now,
        input.bookingId,
      )),
    };
  }
}
