// Booking the lab's resources (docs/product.md §10): what routes, the API and the admin CLI call.
// Bookings always live in this site's own store, also in front of an upstream backend (API_URL),
// whose calls have none (docs/architecture.md §13); a member there is this site's copy of them.
import type { Kysely } from 'kysely';
import { db as siteDb } from '../db';
import type { Database } from '../db/schema';
import type { Resource } from '~/lib/booking/models';
import type { Refusal } from '~/lib/booking/rules';
import type { LabDay } from '~/lib/booking/time';
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
import {
  declineRequest,
  inductionHolders,
  inductionsSignedOffBy,
  isInductor,
  memberInductions,
  openRequests,
  revokeInduction,
  setInductor,
  signOff,
  type InductionActor,
} from './inductions';
import { memberFeedsIn, resourceFeedsIn } from './feeds';
import { memberIdByUsername } from '../store/usernames';
import { cancelForLab, exportDay, inTheLabNow, staffBookings, type StaffFilters } from './staff';
import type { Actor } from '../audit';
import { queueing } from '../jobs';
import { atMachine, checkIn, checkOut, releaseNoShows, staffAt } from './check-in';
import { historyOf } from './events';
import {
  askToWaive,
  declineWaiver,
  memberPause,
  memberStrikes,
  strikeSettings,
  strikesToWaive,
  waiveStrike,
} from './strikes';
import { pauseText, strikeRuleText } from '~/lib/booking/strikes';
import {
  addMaintenance,
  bookForMember,
  removeMaintenance,
  resourceById,
  saveResource,
  upcomingOfResource,
  upcomingMaintenance,
} from './admin-resources';
import { adminInductionList, inductionForAdmin, saveInduction } from './admin-inductions';
import type { PreparedAsset } from '../assets';
import { whenText } from '~/lib/booking/format';
import type { InductionForm, ResourceForm } from '~/lib/booking/schemas';
import { selectResources, toResource } from './rows';
import { hit, LIMITS } from '../rate-limit';
import { atLimit, startOptions, weekOf } from './availability';
import { memberBookings, ownBooking } from './mine';

/** A member past LIMITS.bookingWritesPerMember (one member once made 641 bookings in 21 s). */
export const TOO_FAST: Refusal = {
  rule: 'rate',
  field: null,
  message: 'That is a lot of bookings and cancellations at once. Try again in a few minutes.',
};

/** Counts one booking write of the member; false when they are past the limit. */
const withinWriteLimit = (userId: string) => hit(`booking-write:${userId}`, LIMITS.bookingWritesPerMember);

export { type BookOutcome, type CancelOutcome };
export { calendarAnswer, CANCELLED_KEPT_DAYS } from './feeds';
export { askForInduction, inductionFor } from './induction-request';
export { sendBookingReminder, sendExpiryNotice } from './reminders';
export { checkInQr } from './qr';

export function bookingsIn(db: Kysely<Database>) {
  async function resourceBySlug(slug: string): Promise<Resource | null> {
    const row = await selectResources(db).where('resources.slug', '=', slug).executeTakeFirst();
    return row ? toResource(row) : null;
  }

  return {
    resources: {
      async list(): Promise<Resource[]> {
        return (await selectResources(db).execute()).map(toResource);
      },
      bySlug: resourceBySlug,
    },

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

    /** Signing members off (/inductions): what an admin or an induction's inductors may do. */
    inductions: {
      /** The inductions `actor` signs off (every one for an admin), open requests for them and who holds them. */
      async forActor(actor: InductionActor) {
        const inductions = await inductionsSignedOffBy(db, actor);
        const [requests, holders] = await Promise.all([
          openRequests(db, { actor }),
          inductionHolders(
            db,
            inductions.map((induction) => induction.id),
          ),
        ]);
        return { inductions, requests, holders };
      },
      /** Whether `actor` signs anyone off (0 inductions: /inductions is not theirs). */
      isInductor: (actor: InductionActor) => isInductor(db, actor),
      memberIdByUsername: (username: string) => memberIdByUsername(db, username),
      /** Signs a member off; they are mailed what they can book now. */
      signOff: (actor: InductionActor, input: { inductionId: string; userId: string; note: string }) =>
        queueing(() => signOff(db, actor, input)),
      /**
       * Revokes with a reason, and cancels the member's upcoming bookings that need it when
       * `alsoCancel`; the member is mailed the revocation either way, with those bookings.
       */
      revoke: (
        actor: InductionActor,
        input: { inductionId: string; userId: string; reason: string; alsoCancel?: boolean },
      ) => queueing(() => revokeInduction(db, actor, input)),
      /** Declines an open request with a reason; the member is mailed 'Not yet: {reason}'. */
      decline: (actor: InductionActor, input: { requestId: string; reason: string }) =>
        queueing(() => declineRequest(db, actor, input)),
    },

    /**
     * The lab as admins run it (/admin/resources, /admin/inductions, /admin/bookings and the admin
     * CLI; the routes check the role): each change writes its audit entry in its transaction, and
     * the members it touches are mailed after the commit.
     */
    admin: {
      resources: {
        byId: (id: string) => resourceById(db, id),
        /** Members' bookings of it that have not ended (the first 50) and how many: what out of service touches. */
        upcomingBookings: (id: string) => upcomingOfResource(db, id),
        /** Saves a resource; taken out of service, each member with upcoming bookings of it is told once, with all of theirs. */
        save: (
          id: string | null,
          form: ResourceForm,
          photo: { choice: PreparedAsset | null; remove: boolean },
          actor: Actor,
        ) => queueing(() => saveResource(db, id, form, photo, actor)),
        /** Upcoming maintenance blocks, each with its time in words (Dublin time). */
        maintenance: async (resourceId: string) =>
          (await upcomingMaintenance(db, resourceId)).map((block) => ({ ...block, when: whenText(block) })),
        /** Adds a block; the members whose bookings it cancelled are told after the commit. */
        async addMaintenance(
          resourceId: string,
          input: { start: Date; end: Date; reason: string; alsoCancel: boolean },
          actor: Actor,
        ) {
          const outcome = await queueing(() => addMaintenance(db, resourceId, input, actor));
          // What stands in the way, in words: 'Tuesday 1 December 2026, 10:00–12:00 (@ana)'.
          const standing =
            outcome.status === 'bookings-stand' || outcome.status === 'in-use'
              ? outcome.bookings.map(({ booking, member }) => `${whenText(booking)} (@${member.username})`)
              : outcome.status === 'blocked'
                ? outcome.blocks.map((block) => `${whenText(block)} (${block.reason})`)
                : [];
          return { ...outcome, standing };
        },
        removeMaintenance: (resourceId: string, blockId: string, actor: Actor) =>
          removeMaintenance(db, resourceId, blockId, actor),
        /** Books for a member past the rules (never past a clash); the member gets the confirmation. */
        bookFor: (resourceId: string, input: Parameters<typeof bookForMember>[2], actor: Actor) =>
          queueing(() => bookForMember(db, resourceId, input, actor)),
      },
      inductions: {
        list: () => adminInductionList(db),
        byId: (id: string) => inductionForAdmin(db, id),
        save: (id: string | null, form: InductionForm, actor: Actor) => saveInduction(db, id, form, actor),
        setInductor: (
          actor: InductionActor | 'cli',
          input: { inductionId: string; userId: string; appoint: boolean },
        ) => setInductor(db, actor, input),
      },
      /** The lab's bookings by resource, day and member, and cancelling one for the lab. */
      bookings: {
        list: (filters: StaffFilters) => staffBookings(db, filters),
        /** Members checked in to a booking that has not ended: 'In the lab now'. */
        inTheLab: () => inTheLabNow(db),
        /** The whole day for 'Download CSV'; an export that names members is audited. */
        exportDay: (filters: Parameters<typeof exportDay>[1], actor: Actor) => exportDay(db, filters, actor),
        /** Cancels a member's booking for the lab with a reason, audited; the member is mailed it. */
        cancel: (bookingId: string, reason: string, actor: Actor) =>
          queueing(() => cancelForLab(db, bookingId, reason, actor)),
      },
    },

    /** The member's own side of inductions on /bookings: what they hold and what they asked for. */
    memberInductions: (userId: string) => memberInductions(db, userId),
    openRequests: (userId: string) => openRequests(db, { userId }),

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

    /** The member's strikes, and asking to waive one; admins waive or decline (audited). */
    strikes: {
      mine: async (userId: string) => ({
        ...(await memberStrikes(db, userId)),
        rule: strikeRuleText(strikeSettings()),
      }),
      /** 'You have 3 strikes (…) since …. You can book again on ….' while the member is paused, or null. */
      async paused(userId: string, now = new Date()) {
        const pause = await memberPause(db, userId, now);
        return pause && pauseText(pause);
      },
      askToWaive: (input: { strikeId: string; userId: string; reason: string }) =>
        queueing(() => askToWaive(db, input)),
      toWaive: () => strikesToWaive(db),
      waive: (input: { strikeId: string; reason: string }, actor: Actor) =>
        queueing(() => waiveStrike(db, input, actor)),
      /** Declines a member's request to waive one, with the reason they are mailed (audited). */
      decline: (input: { strikeId: string; reason: string }, actor: Actor) =>
        queueing(() => declineWaiver(db, input, actor)),
    },

    /** 'Booking reminders' on /bookings: whether the member is mailed them. */
    reminders: {
      async on(userId: string) {
        const row = await db
          .selectFrom('users')
          .select('booking_reminders')
          .where('id', '=', userId)
          .executeTakeFirst();
        return row?.booking_reminders !== 0;
      },
      async set(userId: string, on: boolean) {
        await db
          .updateTable('users')
          .set({ booking_reminders: on ? 1 : 0 })
          .where('id', '=', userId)
          .execute();
      },
    },

    /** The member's private calendar feed and 'Add to calendar' files. */
    feeds: memberFeedsIn(db),
    /** A resource's public feed of busy times. */
    resourceFeed: resourceFeedsIn(db),

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
  };
}

export const bookings = bookingsIn(siteDb);
