// The core of the lab: booking, changing and cancelling, check-in and the release of no-shows,
// a member's own bookings and the staff's day (docs/architecture.md §13). Every change of a
// booking goes through the lifecycle (lifecycle.ts); this is what the facade composes of it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueing } from '../../jobs';
import { hit, LIMITS } from '../../rate-limit';
import type { Actor } from '../../audit';
import type { Resource } from '~/lib/bookings/models';
import type { Refusal } from '~/lib/bookings/rules';
import type { LabDay } from '~/lib/bookings/time';
import type { InductionActor } from '../inductions/inductions';
import { atLimit, startOptions, weekOf } from './availability';
import {
  book,
  cancelBooking,
  changeBooking,
  releaseLate,
  type BookOutcome,
  type BookRequest,
  type CancelOutcome,
  type ChangeOutcome,
} from './book';
import { approversOf, decide, expireRequest, mayDecide, pendingFor, setApprover } from './approvals';
import { atMachine, checkIn, checkOut, releaseNoShows, staffAt } from './check-in';
import { historyOf } from './events';
import { memberBookings, monthUse, ownBooking } from './mine';
import {
  answerOffer,
  joinWaitlist,
  lapseOffer,
  leaveWaitlist,
  lineOf,
  offerFreed,
  ownOffer,
  waitsOf,
} from './waitlist';
import { nextFree } from './next-free';
import { cancelForLab, exportDay, inTheLabNow, staffBookings, type StaffFilters } from './staff';

export type { BookOutcome, CancelOutcome };
export type { Wait } from './waitlist';

/** A member past LIMITS.bookingWritesPerMember (one member once made 641 bookings in 21 s). */
export const TOO_FAST: Refusal = {
  rule: 'rate',
  field: null,
  message: 'That is a lot of bookings and cancellations at once. Try again in a few minutes.',
};

/** Counts one booking write of the member; false when they are past the limit. */
const withinWriteLimit = (userId: string) => hit(`booking-write:${userId}`, LIMITS.bookingWritesPerMember);

/** What members (and staff at a machine) do with bookings; their own writes are rate limited. */
export function coreIn(db: Kysely<Database>) {
  return {
    /** A week of a resource's calendar from `from` (a lab day), the viewer's own bookings marked. */
    week: (resource: Resource, from: LabDay, viewerId: string | null, now?: Date) =>
      weekOf(db, resource, from, viewerId, now),
    /** 'You have 2 upcoming bookings here, the most allowed.' for a member at the resource's limit, or null. */
    atLimit: (resource: Resource, userId: string, now?: Date) => atLimit(db, resource, userId, now),
    /**
     * What the 'Confirm booking' page offers for a start: the lengths every rule, the calendar and
     * the member's weekly hours allow, or the first rule that refuses any booking there.
     */
    startOptions: (resource: Resource, start: Date, userId: string, now?: Date) =>
      startOptions(db, resource, start, userId, now),
    /**
     * 'Find the next free time': the earliest starts of a booking of `minutes` on the resource and
     * its equivalents, each by its own rules and calendar (a member's limits left to the confirm page).
     */
    nextFree: (resource: Resource, minutes: number, now?: Date) => nextFree(db, resource, minutes, now),

    /** The histories of the member's bookings `ids` (events, oldest first), by booking. */
    history: (ids: string[]) => historyOf(db, ids),
    /**
     * Whether `actor` checks members in at `resource` (/resources/{slug}/here): only where there
     * is check-in; an admin anywhere, an inductor where their induction gates the machine.
     */
    staffAt: async (actor: InductionActor, resource: Resource) =>
      resource.rules.checkInGraceMinutes != null && staffAt(db, actor, resource.induction?.id ?? null),
    /** What /resources/{slug}/here shows the member (and staff there: staffAt()). */
    atMachine: (resource: Resource, userId: string, staff: boolean) =>
      atMachine(db, {
        resourceId: resource.id,
        userId,
        staff,
      }),
    /**
     * Checks a member's own booking in at the machine (/resources/{slug}/here), judged at `now`:
     * when the request arrived (arrivedAt()), so one sent just before the deadline counts.
     */
    checkIn: (bookingId: string, userId: string, now?: Date) =>
      queueing(() => checkIn(db, { bookingId, userId, now })),
    /** An inductor or admin checks a member in for them, with a reason (audited). */
    checkInFor: (bookingId: string, by: { actor: InductionActor; reason: string }, now?: Date) =>
      queueing(() => checkIn(db, { bookingId, by, now })),
    /** Ends the member's checked-in booking now: the rest of the slot is free again. */
    checkOut: (bookingId: string, userId: string) => checkOut(db, { bookingId, userId }),
    /** Releases the bookings nobody checked in to (the worker's sweep, every instance). */
    releaseNoShows: (now: Date) => queueing(() => releaseNoShows(db, now)),

    /**
     * 'Release this booking' past the cutoff: cancelled, the slot free for others, a late-cancel
     * strike (waived if the slot is booked again); the member is mailed the cancellation.
     */
    async releaseLate(bookingId: string, userId: string): Promise<CancelOutcome> {
      if (!(await withinWriteLimit(userId))) return { status: 'refused', refusal: TOO_FAST };
      return queueing(() => releaseLate(db, bookingId, userId));
    },

    /**
     * Books (every rule checked, the clash decided by the database); the member is mailed the
     * confirmation. A member's own bookings and cancels count against a rate limit (TOO_FAST).
     */
    async book(request: BookRequest): Promise<BookOutcome> {
      if (!request.onBehalf && !(await withinWriteLimit(request.userId)))
        return { status: 'refused', refusal: TOO_FAST };
      return queueing(() => book(db, request));
    },

    /** Cancels a member's own booking, until the cutoff; they are mailed the notice. */
    async cancel(bookingId: string, userId: string): Promise<CancelOutcome> {
      if (!(await withinWriteLimit(userId))) return { status: 'refused', refusal: TOO_FAST };
      return queueing(() => cancelBooking(db, bookingId, userId));
    },

    /** Moves a member's own booking (same resource, every rule, one transaction); they are mailed it. */
    async change(input: {
      bookingId: string;
      userId: string;
      start: Date;
      minutes: number;
    }): Promise<ChangeOutcome> {
      if (!(await withinWriteLimit(input.userId))) return { status: 'refused', refusal: TOO_FAST };
      return queueing(() => changeBooking(db, input));
    },

    /** One of the member's own bookings (any status), or null. */
    own: (userId: string, bookingId: string) => ownBooking(db, userId, bookingId),
    /**
     * The member's bookings: upcoming (soonest first, running ones included) and the latest
     * `pastShown` past ones (latest first; null: all), with how many earlier ones are left out.
     */
    mine: (userId: string, options: { now?: Date; pastShown: number | null }) =>
      memberBookings(db, userId, options),
    /**
     * The resources the member booked this lab month: minutes booked, and what they hold now
     * against each one's limit of upcoming bookings and weekly hours (/bookings).
     */
    monthUse: (userId: string, now?: Date) => monthUse(db, userId, now),
  };
}

/** Requests for resources that need approval: deciding them (/approvals), and their expiry. */
export const approvalsIn = (db: Kysely<Database>) => ({
  /** Whether `actor` decides requests (for `resourceId`, or any): an admin, or a named approver. */
  mayDecide: (actor: InductionActor, resourceId?: string) => mayDecide(db, actor, resourceId),
  /** The pending requests `actor` may decide, soonest first, with answers and the member's induction. */
  pending: (actor: InductionActor, now?: Date) => pendingFor(db, actor, now),
  /** Approves or declines (a reason required) one request: of several at once, one decides. */
  decide: (input: Parameters<typeof decide>[1]) => queueing(() => decide(db, input)),
  /** The worker's expiry of a request nobody decided by its deadline. */
  expire: (bookingId: string, now?: Date) => queueing(() => expireRequest(db, bookingId, now)),
  /** A resource's named approvers, and naming or un-naming one (admins only: the caller checks). */
  approversOf: (resourceId: string) => approversOf(db, resourceId),
  setApprover: (actor: Actor, input: Parameters<typeof setApprover>[2]) => setApprover(db, actor, input),
});

/** The waiting list: joining and leaving it, offers of freed time and their answers, the worker's jobs. */
export const waitlistIn = (db: Kysely<Database>) => ({
  /** Puts the member in line for time in a window (a slot: the window equal to it). */
  join: (input: Parameters<typeof joinWaitlist>[1]) => joinWaitlist(db, input),
  /** 'Leave' on /bookings: false when it was not theirs, or had ended. */
  leave: (waitId: string, userId: string) => leaveWaitlist(db, waitId, userId),
  /** The member's waits, with their place in line. */
  mine: (userId: string, now?: Date) => waitsOf(db, userId, now),
  /** A resource's line and the offers out (its admin page). */
  lineOf: (resourceId: string, now?: Date) => lineOf(db, resourceId, now),
  /** The member's own offer (any status since), or null: /offers/{id} is theirs alone. */
  offer: (bookingId: string, userId: string) => ownOffer(db, bookingId, userId),
  /** 'Take it' or 'Pass': of two tabs, and of a take at the end and the lapse, one outcome. */
  answer: (input: Parameters<typeof answerOffer>[1]) => queueing(() => answerOffer(db, input)),
  /** The worker's job for time a change freed: the offer, or the short-notice mail to everyone. */
  offerFreed: (input: Parameters<typeof offerFreed>[1], now?: Date) =>
    queueing(() => offerFreed(db, input, now)),
  /** The worker's end of an offer nobody took. */
  lapse: (bookingId: string, now?: Date) => queueing(() => lapseOffer(db, bookingId, now)),
});

/** The lab's bookings by resource, day and member, and cancelling one for the lab (/admin/bookings). */
export const labBookingsIn = (db: Kysely<Database>) => ({
  list: (filters: StaffFilters) => staffBookings(db, filters),
  /** Members checked in to a booking that has not ended: 'In the lab now'. */
  inTheLab: () => inTheLabNow(db),
  /** The whole day for 'Download CSV'; an export that names members is audited. */
  exportDay: (filters: Parameters<typeof exportDay>[1], actor: Actor) => exportDay(db, filters, actor),
  /** Cancels a member's booking for the lab with a reason, audited; the member is mailed it. */
  cancel: (bookingId: string, reason: string, actor: Actor) =>
    queueing(() => cancelForLab(db, bookingId, reason, actor)),
});
