// One booking lifecycle (docs/decisions/030-booking-lifecycle.md): every change of a booking's
// status, or of its time, is made here by transition(), as the guarded update it always was, and
// then handed as a typed change to one ordered list of effects run in the same transaction: the
// event row, reminders, the member's standing (strikes), credits, the mail, the audit entry and
// the waiting list (time it freed offered to the next in line). The callers
// (book.ts, check-in.ts, staff.ts, admin-resources.ts, inductions.ts) decide whether a change is
// allowed and take the locks it needs (decision 024); what follows from it is written only here.
import type { Kysely } from 'kysely';
import { actorName, recordAudit, type Actor } from '../../audit';
import type { Database } from '../../db/schema';
import {
  CANCELLABLE,
  HOLDING,
  type Booking,
  type BookingStatus,
  type BookingTerms,
} from '~/lib/bookings/models';
import { NO_STRIKE_TEXT } from '~/lib/bookings/strikes';
import { whenText } from '~/lib/bookings/format';
import { epochMinutes } from '~/lib/bookings/time';
import { recordEvent, type EventActor, type EventKind } from './events';
import {
  approverMails,
  queueApprovalRequest,
  queueBookingCancelled,
  queueBookingConfirmation,
  queueReleased,
  queueRequestEnded,
  queueOffer,
  queueOfferLapsed,
  queueRequestReceived,
} from '../notify/mail';
import { cancelReminders, queueReminders } from '../notify/reminders';
import { bookingRow, costOfRow, selectBookings, toBooking } from './rows';
import { addStrike, waiveRebooked } from '../standing/strikes';
import { CreditsShort, endHold, heldBy, hold } from '../standing/credits';
import { costOf, usedCost, type Cost } from '~/lib/bookings/credits';
import { cancelJobs, enqueue } from '../../jobs';

/** Who made a change: the booking's member, the lab's worker, or staff with their reason (audited). */
type By = 'member' | 'lab' | { actor: Actor; reason: string };

/** A change of one booking (or, cancelled, of several), as the effects read it. */
export type Change =
  /**
   * a new row; `past`: the refusal an admin's 'Book anyway' (`override`) overrode; with it, a
   * member who has too few credits has what they have held
   */
  | { to: 'booked'; row: ReturnType<typeof bookingRow>; by: By; past?: string; override?: boolean }
  /** the member moved it: new time and today's terms, the same row (SEQUENCE raised) */
  | {
      to: 'changed';
      bookingId: string;
      start: Date;
      end: Date;
      bufferMinutes: number;
      terms: BookingTerms;
      /** where it was, for its history */
      was: { start: string; end: string };
    }
  /**
   * cancelled before it began; `notify: false` when the caller tells each member in one mail of
   * its own (a machine out of service). A maintenance block is booked and removed (cancelled) here
   * too: its effects are its event, its audit entry and, removed, the time it frees offered.
   */
  | { to: 'cancelled'; bookingIds: string[]; by: By; notify?: boolean }
  /** 'Release this booking' past the cancellation cutoff: cancelled, with a late-cancel strike */
  | { to: 'late-released'; bookingId: string }
  | { to: 'checked-in'; bookingId: string; by: 'member' | { actor: Actor; reason: string } }
  /** ended at `ended`; the slot after it (and its buffer) free from `blockEnd` */
  | { to: 'checked-out'; bookingId: string; ended: Date; blockEnd: number }
  /** nobody checked in by the deadline `at`: a no-show, free from `blockEnd` */
  | { to: 'released'; bookingId: string; at: Date; blockEnd: number }
  /** a request for a resource that needs approval: a new row, pending until its `hold_until` */
  | { to: 'requested'; row: ReturnType<typeof bookingRow> }
  /** an approver's decision on a pending request; a decline says why */
  | { to: 'approved'; bookingId: string; by: { actor: Actor; reason: string } }
  | { to: 'declined'; bookingId: string; by: { actor: Actor; reason: string } }
  /** nobody decided a request by its deadline: its slot is free again */
  | { to: 'expired'; bookingId: string }
  /** freed time held for the first member in line (`row.waitlist_id`), until its `hold_until` */
  | { to: 'offered'; row: ReturnType<typeof bookingRow> & { waitlist_id: string } }
  /** the member took the offer before its end: a booking */
  | { to: 'accepted'; bookingId: string }
  /** the member passed, or nobody took it by its end (the worker): the time goes to the next in line */
  | { to: 'passed'; bookingId: string }
  | { to: 'lapsed'; bookingId: string }
  /** staff end a maintenance block early ('End early'): it ends at `end`, the time after it freed */
  | {
      to: 'shortened';
      bookingId: string;
      end: Date;
      /** the time it had, for its history and the time it frees */
      was: { start: string; end: string };
      by: { actor: Actor; reason: string };
    };

type ChangeKind = Change['to'];

/** What each change writes to booking_events. */
const EVENT_OF: Record<ChangeKind, EventKind> = {
  booked: 'booked',
  changed: 'changed',
  cancelled: 'cancelled',
  'late-released': 'cancelled',
  'checked-in': 'checked-in',
  'checked-out': 'checked-out',
  released: 'released',
  requested: 'requested',
  approved: 'approved',
  declined: 'declined',
  expired: 'expired',
  offered: 'offered',
  accepted: 'accepted',
  passed: 'passed',
  lapsed: 'expired',
  shortened: 'changed',
};

/** The reason a late release's event carries: how /admin/usage counts late cancels. */
export const LATE_RELEASE_REASON = 'released past the cutoff';

/** One booking a change reached, with what the effects before it found out. */
interface Step {
  booking: Booking;
  member: { id: string; username: string; email: string } | null;
  /** the resource was out of service when the change was made */
  outOfService: boolean;
  now: Date;
  /** the strike this change gave, for the mail to say what it cost */
  strike: { id: string; mailText: string } | null;
  /** what a booking of its resource costs now (null: nothing), and the resource's slot */
  cost: Cost | null;
  slotMinutes: number;
  bufferMinutes: number;
  /** 'Book anyway' held less than the booking costs: the refusal it overrode, for the audit */
  creditsShort: string | null;
}

const byOf = (change: Change): By =>
  'by' in change
    ? change.by
    : ['released', 'expired', 'offered', 'lapsed'].includes(change.to)
      ? 'lab'
      : 'member';

const staffOf = (change: Change) => {
  const by = byOf(change);
  return typeof by === 'object' ? by : null;
};

const actorOf = (by: By): EventActor => (typeof by === 'object' ? actorName(by.actor) : by);

/** The history row; for a change, the time it had. */
async function event(trx: Kysely<Database>, change: Change, { booking, now }: Step) {
  await recordEvent(trx, {
    bookingIds: [booking.id],
    kind: EVENT_OF[change.to],
    actor: actorOf(byOf(change)),
    reason:
      change.to === 'changed' || change.to === 'shortened'
        ? `was ${whenText(change.was)}`
        : change.to === 'late-released'
          ? LATE_RELEASE_REASON
          : (staffOf(change)?.reason ?? ''),
    at: now,
  });
}

/** Reminders follow the time a member's booking holds: queued for it, or cancelled with it. */
async function reminders(trx: Kysely<Database>, change: Change, { booking, now }: Step) {
  if (booking.kind !== 'booking') return;
  if (
    change.to === 'booked' ||
    change.to === 'changed' ||
    change.to === 'approved' ||
    change.to === 'accepted'
  )
    await queueReminders(trx, booking, now);
  else if (change.to === 'cancelled' || change.to === 'late-released' || change.to === 'released')
    await cancelReminders(trx, [booking.id], now);
}

/**
 * A request's deadline: a job expires it at `hold_until` (the expiry's own guarded update decides
 * against an approver's at that moment); any decision, or a cancel, ends that job.
 */
async function deadline(trx: Kysely<Database>, change: Change, { booking, now }: Step) {
  if (change.to === 'requested')
    await enqueue(
      trx,
      {
        kind: 'request-expire',
        key: `request-expire:${booking.id}`,
        subject: `booking:${booking.id}`,
        runAt: new Date(booking.holdUntil!),
        payload: { bookingId: booking.id },
      },
      now,
    );
  else if (change.to === 'offered')
    await enqueue(
      trx,
      {
        kind: 'offer-lapse',
        key: `offer-lapse:${booking.id}`,
        subject: `booking:${booking.id}`,
        runAt: new Date(booking.holdUntil!),
        payload: { bookingId: booking.id },
      },
      now,
    );
  else if (['approved', 'declined', 'cancelled', 'accepted', 'passed'].includes(change.to))
    await cancelJobs(trx, `booking:${booking.id}`, ['request-expire', 'offer-lapse'], now);
}

/**
 * The member's standing: a late release or a no-show gives a strike (none when the lab's machine
 * was out of service or in maintenance at the start); a new booking of a slot someone released
 * late waives their strike.
 */
async function standing(trx: Kysely<Database>, change: Change, step: Step) {
  const { booking, now } = step;
  const about = `${booking.resource.name}, ${whenText(booking)}`;
  if (
    (change.to === 'booked' || change.to === 'approved' || change.to === 'accepted') &&
    booking.kind === 'booking'
  )
    await waiveRebooked(
      trx,
      {
        resourceId: booking.resource.id,
        userId: step.member!.id,
        blockStart: epochMinutes(new Date(booking.start)),
        blockEnd: epochMinutes(new Date(booking.end)) + step.bufferMinutes,
      },
      now,
    );
  else {
    // A late release costs a strike; so does a no-show, unless the lab's machine stood in the way.
    const kind =
      change.to === 'late-released'
        ? 'late-cancel'
        : change.to === 'released' && !step.outOfService && !(await maintenanceAt(trx, booking))
          ? 'no-show'
          : null;
    if (kind)
      step.strike = await addStrike(trx, {
        userId: step.member!.id,
        bookingId: booking.id,
        kind,
        about,
        now,
      });
  }
}

/**
 * The member's credits (docs/decisions/031-credit-ledger.md): a booking holds its cost, a change
 * holds the new cost in place of the old (refused, and rolled back, when the member cannot pay),
 * and each way it ends releases or settles what it holds. The worker settles a booking that ran to
 * its end (the 'credits-settle' job queued here for its end).
 */
async function credits(trx: Kysely<Database>, change: Change, step: Step) {
  const { booking, member, now, cost } = step;
  if (booking.kind !== 'booking' || !member) return;
  const about = `${booking.resource.name}, ${whenText(booking)}`;
  const actor = actorOf(byOf(change));
  const base = { about, actor, now };
  const start = new Date(booking.start);
  const minutes = (Date.parse(booking.end) - start.getTime()) / 60_000;
  const holdCost = async (reason?: string) => {
    if (!cost) return;
    const amount = costOf(cost.perHour, minutes);
    const partial = change.to === 'booked' && Boolean(change.override);
    const request = {
      ...base,
      bookingId: booking.id,
      userId: member.id,
      cost,
      start,
      amount,
      reason,
      partial,
    };
    // 'Book anyway' holds what there is when it is less: the audit entry says what it overrode.
    const held = await hold(trx, request);
    if (held < amount) step.creditsShort = new CreditsShort(amount, held, cost.credit).message;
    await enqueue(
      trx,
      {
        kind: 'credits-settle',
        key: `credits-settle:${booking.id}:${booking.sequence}`,
        subject: `booking:${booking.id}`,
        runAt: new Date(booking.end),
        payload: { bookingId: booking.id },
      },
      now,
    );
  };
  // Its settlement was queued for the end it had: any change but these ends or moves that.
  if (!['booked', 'requested', 'approved', 'offered', 'accepted', 'checked-in'].includes(change.to))
    await cancelJobs(trx, `booking:${booking.id}`, ['credits-settle'], now);
  switch (change.to) {
    case 'booked':
    case 'requested':
    case 'offered':
      // A request or an offer holds like a booking: what it costs is not the member's to spend elsewhere.
      return holdCost();
    case 'changed':
      await endHold(trx, booking.id, { ...base, spend: 0, reason: 'changed' });
      return holdCost('changed');
    case 'cancelled':
    case 'declined':
    case 'expired':
    case 'passed':
    case 'lapsed':
      // Before the cutoff, by the lab, a request not granted or an offer not taken: all of it back.
      await endHold(trx, booking.id, {
        ...base,
        spend: 0,
        reason:
          change.to === 'cancelled'
            ? staffOf(change)?.reason
            : change.to === 'passed' || change.to === 'lapsed'
              ? `offer ${change.to}`
              : `request ${change.to}`,
      });
      return;
    case 'late-released':
    case 'released':
      await endHold(trx, booking.id, {
        ...base,
        reason: change.to === 'released' ? 'no-show' : LATE_RELEASE_REASON,
      });
      return;
    case 'checked-out': {
      // The time used, rounded up to the slot (at least one), is spent; the rest comes back.
      const used = (change.ended.getTime() - start.getTime()) / 60_000;
      const held = (await heldBy(trx, booking.id)).reduce((sum, lot) => sum + lot.held, 0);
      const spend = cost ? usedCost(cost.perHour, used, step.slotMinutes, held) : held;
      await endHold(trx, booking.id, { ...base, spend, reason: 'checked out' });
      return;
    }
  }
}

/** The member's mail: what happened, and what it cost; the lab's cancels say why. */
async function mail(trx: Kysely<Database>, change: Change, { booking, member, now, strike }: Step) {
  if (!member || booking.kind !== 'booking') return;
  switch (change.to) {
    case 'booked':
      return queueBookingConfirmation(trx, member.email, booking, { now });
    case 'changed':
      return queueBookingConfirmation(trx, member.email, booking, { now, changed: true });
    case 'cancelled':
      if (change.notify === false) return;
      return queueBookingCancelled(trx, member.email, booking, { reason: staffOf(change)?.reason });
    case 'late-released':
      return queueBookingCancelled(trx, member.email, booking, { strike: strike?.mailText });
    case 'released':
      return queueReleased(trx, member.email, booking, strike?.mailText ?? NO_STRIKE_TEXT);
    case 'requested':
      await queueRequestReceived(trx, member.email, booking);
      return queueApprovalRequest(trx, await approverMails(trx, booking.resource.id, member.id), {
        booking,
        member,
      });
    case 'approved':
      return queueBookingConfirmation(trx, member.email, booking, { now, approved: true });
    case 'declined':
    case 'expired':
      return queueRequestEnded(trx, member.email, booking);
    case 'offered':
      return queueOffer(trx, member.email, booking);
    case 'accepted':
      return queueBookingConfirmation(trx, member.email, booking, { now });
    case 'lapsed':
      return queueOfferLapsed(trx, member.email, booking);
  }
}

/**
 * The waiting list: a taken offer ends the wait it was made to ('booked'), and so does a member's
 * own booking of time in a window they wait for; every change that frees time queues one job
 * ('offer-freed', keyed by the time and the row that freed it) that offers it to the next in line.
 */
async function waitlist(
  trx: Kysely<Database>,
  change: Change,
  { booking, member, now, bufferMinutes }: Step,
) {
  if ((change.to === 'booked' || change.to === 'accepted') && member && booking.kind === 'booking')
    return endWaitsFor(trx, { booking, userId: member.id, offerOnly: change.to === 'accepted' }, now);
  const freed = freedSpan(change, booking, bufferMinutes);
  if (!freed || freed.end <= epochMinutes(now)) return;
  await enqueue(
    trx,
    {
      kind: 'offer-freed',
      key: `offer-freed:${booking.resource.id}:${freed.start}-${freed.end}:${booking.id}`,
      subject: `resource:${booking.resource.id}`,
      payload: { resourceId: booking.resource.id, from: freed.start, to: freed.end },
    },
    now,
  );
}

/**
 * Ends the waits a booking answers ('booked'): the one a taken offer was made to, or the member's
 * waits on the resource whose window the booking's time falls in.
 */
async function endWaitsFor(
  trx: Kysely<Database>,
  { booking, userId, offerOnly }: { booking: Booking; userId: string; offerOnly: boolean },
  now: Date,
) {
  let query = trx
    .updateTable('waitlist')
    .set({ ended_at: now.toISOString(), ended_why: 'booked' })
    .where('ended_at', 'is', null)
    .where('user_id', '=', userId);
  query = offerOnly
    ? query.where('id', '=', (eb) =>
        eb.selectFrom('bookings').select('waitlist_id').where('bookings.id', '=', booking.id),
      )
    : query
        .where('resource_id', '=', booking.resource.id)
        .where('window_start', '<', booking.end)
        .where('window_end', '>', booking.start);
  await query.execute();
}

/** The blocked time (epoch minutes) a change gave back, or null when it gave none back. */
function freedSpan(change: Change, booking: Booking, bufferMinutes: number) {
  const start = epochMinutes(new Date(booking.start));
  const end = epochMinutes(new Date(booking.end)) + bufferMinutes;
  switch (change.to) {
    case 'cancelled':
    case 'late-released':
    case 'declined':
    case 'expired':
    case 'passed':
    case 'lapsed':
      return { start, end };
    case 'checked-out':
    case 'released':
      return change.blockEnd < end ? { start: change.blockEnd, end } : null;
    case 'shortened':
      // A maintenance block keeps no buffer: from its new end to its old one.
      return { start: epochMinutes(change.end), end: epochMinutes(new Date(change.was.end)) };
    case 'changed':
      // Moved: the time it had (what of it the new time covers, the job finds busy).
      return {
        start: epochMinutes(new Date(change.was.start)),
        end: epochMinutes(new Date(change.was.end)) + bufferMinutes,
      };
    default:
      return null;
  }
}

/** Staff's changes are in the audit log with their reason; a member's own are not. */
async function audit(trx: Kysely<Database>, change: Change, step: Step) {
  const { booking, member } = step;
  const staff = staffOf(change);
  if (!staff) return;
  const of = `${booking.resource.name} ${booking.start}`;
  const forWhom = `${of} for @${member?.username}`;
  if (change.to === 'booked' && booking.kind === 'maintenance')
    await recordAudit(trx, staff.actor, {
      action: 'maintenance.create',
      target: `${of}–${booking.end}`,
      detail: booking.reason,
    });
  else if (change.to === 'booked') {
    const past = [change.past, step.creditsShort].filter(Boolean).join(' ');
    await recordAudit(trx, staff.actor, {
      action: past ? 'booking.override' : 'booking.create',
      target: forWhom,
      detail: past ? `${staff.reason} (past: ${past})` : staff.reason,
    });
  } else if (change.to === 'cancelled' && booking.kind === 'maintenance')
    await recordAudit(trx, staff.actor, {
      action: 'maintenance.remove',
      target: `${of}–${booking.end}`,
      detail: booking.reason,
    });
  else if (change.to === 'shortened')
    await recordAudit(trx, staff.actor, {
      action: 'maintenance.shorten',
      target: `${of}–${booking.end}`,
      detail: `was ${whenText(change.was)}: ${booking.reason}`,
    });
  else if (change.to === 'cancelled')
    await recordAudit(trx, staff.actor, { action: 'booking.cancel', target: forWhom, detail: staff.reason });
  else if (change.to === 'checked-in')
    await recordAudit(trx, staff.actor, {
      action: 'booking.check-in',
      target: forWhom,
      detail: staff.reason,
    });
  else if (change.to === 'approved' || change.to === 'declined')
    await recordAudit(trx, staff.actor, {
      action: change.to === 'approved' ? 'booking.approve' : 'booking.decline',
      target: forWhom,
      detail: staff.reason,
    });
}

/**
 * The effects, in order: the event first (the history says what happened before what it caused),
 * then reminders and a request's deadline, then the standing (a strike's own event follows its cause's), then the credits
 * (a hold the member cannot pay throws here, before any mail is queued), then the mail (which says
 * what the strike cost), the audit entry (which says what 'Book anyway' overrode), and last the
 * waiting list: time the change freed is queued to be offered to the next in line, after the
 * change's own effects, so its job reads the change committed.
 */
async function runEffects(trx: Kysely<Database>, change: Change, step: Step) {
  await event(trx, change, step);
  await reminders(trx, change, step);
  await deadline(trx, change, step);
  await standing(trx, change, step);
  await credits(trx, change, step);
  await mail(trx, change, step);
  await audit(trx, change, step);
  await waitlist(trx, change, step);
}

/**
 * Makes `change` in `trx` by its guarded update (a row another request changed first is left
 * alone) and runs every effect for each booking it changed; the bookings as they are now, soonest
 * first (none: the race was lost). A booking's insert may throw the clash error (isClash).
 */
export async function transition(trx: Kysely<Database>, change: Change, now: Date): Promise<Booking[]> {
  if (change.to === 'cancelled' && !change.bookingIds.length) return [];
  const ids = await update(trx, change, now);
  if (!ids.length) return [];
  const rows = await selectBookings(trx)
    .leftJoin('users', 'users.id', 'bookings.user_id')
    .leftJoin('credits', 'credits.id', 'resources.credit_id')
    .select([
      'users.username',
      'users.email',
      'resources.status as resource_status',
      'resources.credit_id',
      'resources.credits_per_hour',
      'resources.slot_minutes',
      'resources.buffer_minutes',
      'credits.name as credit_name',
      'credits.unit as credit_unit',
      'credits.monthly_allowance as credit_allowance',
    ])
    .where('bookings.id', 'in', ids)
    .orderBy('bookings.starts_at')
    .execute();
  for (const row of rows) {
    const step: Step = {
      booking: toBooking(row),
      member:
        row.user_id && row.username && row.email
          ? { id: row.user_id, username: row.username, email: row.email }
          : null,
      outOfService: row.resource_status === 'out_of_service',
      now,
      strike: null,
      cost: costOfRow(row),
      slotMinutes: row.slot_minutes,
      bufferMinutes: row.buffer_minutes,
      creditsShort: null,
    };
    await runEffects(trx, change, step);
  }
  return rows.map(toBooking);
}

/** The change's own write: the ids it changed. */
async function update(trx: Kysely<Database>, change: Change, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const inStatus = (ids: string[], statuses: readonly BookingStatus[]) =>
    trx.updateTable('bookings').where('id', 'in', ids).where('status', 'in', statuses);
  const active = (ids: string[]) => inStatus(ids, ['active']);
  let changed: { id: string }[];
  switch (change.to) {
    case 'booked':
    case 'requested':
    case 'offered':
      await trx.insertInto('bookings').values(change.row).execute();
      return [change.row.id];
    case 'accepted':
    case 'passed':
    case 'lapsed': {
      // One outcome per offer: of two tabs, and of a take at its end and the worker's lapse, the
      // first to find it offered (and, to take it, still held) changes it; the others change nothing.
      let offered = inStatus([change.bookingId], ['offered']);
      if (change.to === 'accepted') offered = offered.where('hold_until', '>', at);
      if (change.to === 'lapsed') offered = offered.where('hold_until', '<=', at);
      changed = await offered
        .set((eb) => ({
          status: change.to === 'accepted' ? 'active' : change.to === 'passed' ? 'declined' : 'expired',
          hold_until: null,
          sequence: eb('sequence', '+', 1),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
    }
    case 'approved':
    case 'declined':
    case 'expired': {
      // One decision per request: of two approvers and the expiry, the first to find it pending.
      let pending = inStatus([change.bookingId], ['pending']);
      if (change.to === 'expired') pending = pending.where('hold_until', '<=', at);
      changed = await pending
        .set((eb) => ({
          status: change.to === 'approved' ? 'active' : change.to,
          hold_until: null,
          decided_by: actorOf(byOf(change)),
          decided_at: at,
          decision_reason: staffOf(change)?.reason ?? '',
          // STATUS changes (TENTATIVE to CONFIRMED or CANCELLED): calendars need a new SEQUENCE.
          sequence: eb('sequence', '+', 1),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
    }
    case 'shortened':
      // Of two admins at once, the first to find it active and ending when it was read changes it:
      // the other changes nothing (so its 'was' and the time it frees are never stale).
      changed = await active([change.bookingId])
        .where('kind', '=', 'maintenance')
        .where('ends_at', '=', change.was.end)
        .where('ends_at', '>', change.end.toISOString())
        .where('starts_at', '<', change.end.toISOString())
        .set((eb) => ({
          ends_at: change.end.toISOString(),
          block_end: epochMinutes(change.end),
          sequence: eb('sequence', '+', 1),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
    case 'changed':
      changed = await active([change.bookingId])
        .set((eb) => ({
          starts_at: change.start.toISOString(),
          ends_at: change.end.toISOString(),
          block_start: epochMinutes(change.start),
          block_end: epochMinutes(change.end) + change.bufferMinutes,
          // A change is made under today's terms, as a new booking would be.
          cancel_cutoff_minutes: change.terms.cancelCutoffMinutes,
          check_in_grace_minutes: change.terms.checkInGraceMinutes,
          sequence: eb('sequence', '+', 1),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
    case 'cancelled':
    case 'late-released':
      // Of ten cancels sent at once, only the one that still finds it open changes it.
      changed = await inStatus(
        change.to === 'cancelled' ? change.bookingIds : [change.bookingId],
        CANCELLABLE,
      )
        .set((eb) => ({
          status: 'cancelled',
          sequence: eb('sequence', '+', 1),
          cancelled_at: at,
          cancelled_by: actorOf(byOf(change)),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
    case 'checked-in': {
      const staff = staffOf(change);
      changed = await active([change.bookingId])
        .set({
          status: 'checked_in',
          checked_in_at: at,
          checked_in_by: staff ? actorName(staff.actor) : null,
          check_in_reason: staff?.reason ?? '',
          updated_at: at,
        })
        .returning('id')
        .execute();
      break;
    }
    case 'checked-out':
      changed = await trx
        .updateTable('bookings')
        .set({
          status: 'checked_out',
          checked_out_at: change.ended.toISOString(),
          block_end: change.blockEnd,
          updated_at: at,
        })
        .where('id', '=', change.bookingId)
        .where('status', '=', 'checked_in')
        .returning('id')
        .execute();
      break;
    case 'released':
      changed = await active([change.bookingId])
        .set((eb) => ({
          status: 'no_show',
          released_at: change.at.toISOString(),
          block_end: change.blockEnd,
          sequence: eb('sequence', '+', 1),
          updated_at: at,
        }))
        .returning('id')
        .execute();
      break;
  }
  return changed.map((row) => row.id);
}

/** Whether a maintenance block of the booking's resource held its first minute. */
async function maintenanceAt(trx: Kysely<Database>, booking: Booking) {
  const minute = epochMinutes(new Date(booking.start));
  const block = await trx
    .selectFrom('bookings')
    .select('id')
    .where('resource_id', '=', booking.resource.id)
    .where('kind', '=', 'maintenance')
    .where('status', 'in', HOLDING)
    .where('block_start', '<=', minute)
    .where('block_end', '>', minute)
    .executeTakeFirst();
  return Boolean(block);
}
