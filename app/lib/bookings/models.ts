// What the booking pages and the API show (docs/product.md §10): plain data, safe for the browser.
import type { Cost } from './credits';
import type { SLOT_LENGTHS, Weekday } from './week';

/** Minutes after midnight that a day opens and closes (close up to 1440, midnight). */
export type DayHours = { open: number; close: number };
/** 'any': bookable around the clock (printers run overnight); else the hours per weekday, a missing day closed. */
export type OpeningHours = 'any' | Partial<Record<Weekday, DayHours>>;

export interface BookingRules {
  slotMinutes: (typeof SLOT_LENGTHS)[number];
  minMinutes: number;
  maxMinutes: number;
  /** after each booking, nobody else may start (cool-down, cleaning, an autoclave cycle) */
  bufferMinutes: number;
  hours: OpeningHours;
  /** how long before its start a booking must be made */
  noticeMinutes: number;
  /** how many days ahead bookings open */
  horizonDays: number;
  /** until how long before its start a booking may be cancelled */
  cancelCutoffMinutes: number;
  /** the most upcoming bookings a member may hold here (null: no limit) */
  maxUpcoming: number | null;
  /** the most minutes a member may book here per lab week, Monday to Sunday (null: no limit) */
  maxWeekMinutes: number | null;
  /**
   * 'Check-in required': members check in at the machine by the start plus these minutes, or the
   * booking is released (null or absent: no check-in)
   */
  checkInGraceMinutes?: number | null;
}

export type ResourceStatus = 'available' | 'out_of_service';

export const RESOURCE_KINDS = {
  fabrication: 'Fabrication',
  electronics: 'Electronics and compute',
  wetlab: 'Wetlab',
} as const;
export type ResourceKind = keyof typeof RESOURCE_KINDS;

export interface InductionRef {
  id: string;
  slug: string;
  name: string;
}

export interface Resource {
  id: string;
  slug: string;
  name: string;
  kind: ResourceKind;
  description: string;
  photo: { id: string } | null;
  status: ResourceStatus;
  statusReason: string;
  /** 'Prusa printers': machines with the same group are equivalents (empty: in none) */
  equivalentGroup: string;
  induction: InductionRef | null;
  /** the rules bookings are checked by; an empty limit of upcoming bookings is the lab's default */
  rules: BookingRules;
  /** the upcoming-bookings limit the admin set (null: the lab's default applies) */
  ownMaxUpcoming: number | null;
  /** what a booking costs per hour, in which credit; null: nothing */
  cost: Cost | null;
  /** a booking is a request an approver decides, after these questions (null: booked at once) */
  approval: { questions: string[] } | null;
}

export interface Booking {
  id: string;
  /** the iCalendar UID */
  uid: string;
  resource: { id: string; slug: string; name: string };
  kind: 'booking' | 'maintenance';
  /** ISO instants */
  start: string;
  end: string;
  note: string;
  status: BookingStatus;
  sequence: number;
  /** `@admin` who booked on a member's behalf or made a maintenance block */
  bookedBy: string | null;
  reason: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  releasedAt: string | null;
  /** the terms it was made under, whatever its resource says since */
  terms: BookingTerms;
  /** until when a request or an offer holds its time (null: neither) */
  holdUntil: string | null;
  answers: Answer[];
  /** '@approver' or 'lab' (expired), and a decline's reason */
  decidedBy: string | null;
  decisionReason: string;
}

/**
 * The rules a booking keeps from when it was made or changed (migration 017): a resource's cutoff
 * or check-in changed later does not change what cancelling, releasing or checking in to it costs.
 */
export interface BookingTerms {
  cancelCutoffMinutes: number;
  /** minutes after the start by which to check in; null: no check-in */
  checkInGraceMinutes: number | null;
}

/** The terms a booking made now under `rules` keeps. */
export const termsOf = (rules: {
  cancelCutoffMinutes: number;
  checkInGraceMinutes?: number | null;
}): BookingTerms => ({
  cancelCutoffMinutes: rules.cancelCutoffMinutes,
  checkInGraceMinutes: rules.checkInGraceMinutes ?? null,
});

/**
 * The kinds of a booking's history (booking_events), in the order one transaction's events are
 * told: a cancel before its strike, a strike before its waiver. Migration 019 holds the column to
 * this list on both engines.
 */
export const EVENT_KINDS = [
  'booked',
  'changed',
  'checked-in',
  'checked-out',
  'cancelled',
  'released',
  'strike',
  'waived',
  'reminded',
  'requested',
  'approved',
  'declined',
  'expired',
  'offered',
  'accepted',
  'passed',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Who made an event: '@username' (staff), 'admin CLI', the booking's 'member' or the 'lab' (worker). */
export type EventActor = 'member' | 'lab' | 'admin CLI' | `@${string}`;

/**
 * 'active' (booked), 'checked_in', 'checked_out' (ended early), 'no_show' (released: nobody
 * checked in), 'cancelled'; 'pending' (a request waiting for approval) and 'offered' (freed time
 * held for the next in line) until `holdUntil`, then 'active', or 'declined' (an approver said no,
 * or the member passed) or 'expired' (not decided or not taken in time). Every status but the
 * three that gave their time back (FREED) held the machine (HOLDING).
 */
export type BookingStatus =
  | 'active'
  | 'checked_in'
  | 'checked_out'
  | 'no_show'
  | 'cancelled'
  | 'pending'
  | 'offered'
  | 'declined'
  | 'expired';

/** The statuses that gave their time back: the clash guarantee ignores these (migration 021). */
export const FREED = ['cancelled', 'declined', 'expired'] as const satisfies BookingStatus[];

/** The statuses that held the machine: the clash guarantee, calendars, feeds and limits read these. */
export const HOLDING = [
  'active',
  'checked_in',
  'checked_out',
  'no_show',
  'pending',
  'offered',
] as const satisfies BookingStatus[];

/** The statuses of a booking not over yet: what counts as upcoming (and may still be used). */
export const OPEN = ['active', 'checked_in', 'pending', 'offered'] as const satisfies BookingStatus[];

/** The statuses a cancel (the member's, or the lab's) acts on: nobody is at the machine yet. */
export const CANCELLABLE = ['active', 'pending', 'offered'] as const satisfies BookingStatus[];

export const isOpen = (booking: Pick<Booking, 'status'>) =>
  (OPEN as readonly BookingStatus[]).includes(booking.status);

/** An answer to one of a resource's questions, kept with the request. */
export interface Answer {
  question: string;
  answer: string;
}

/**
 * When a booking stopped holding the machine (before its buffer): its end, or earlier when it was
 * checked out or released. Limits count these minutes, calendars draw them.
 */
export const heldUntil = (booking: Pick<Booking, 'end' | 'checkedOutAt' | 'releasedAt'>) => {
  const early = booking.checkedOutAt ?? booking.releasedAt;
  return early && early < booking.end ? early : booking.end;
};

export interface Induction extends InductionRef {
  description: string;
  validMonths: number | null;
}

/** A member's induction as /bookings shows it. */
export interface HeldInduction {
  induction: InductionRef;
  signedOffAt: string;
  signedOffBy: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

/**
 * A member's booking a staff action would touch (revoking an induction, taking a machine out of
 * service), listed on the page before it is done (docs/product.md §10).
 */
export interface TouchedBooking {
  id: string;
  resource: string;
  start: string;
  end: string;
  /** someone is checked in to it: it stands whatever is ticked */
  checkedIn: boolean;
  member: { username: string; fullname: string };
}
