// What the booking pages and the API show (docs/product.md §10): plain data, safe for the browser.
import type { BookingRules, ResourceStatus } from './rules';

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
  induction: InductionRef | null;
  /** the rules bookings are checked by; an empty limit of upcoming bookings is the lab's default */
  rules: BookingRules;
  /** the upcoming-bookings limit the admin set (null: the lab's default applies) */
  ownMaxUpcoming: number | null;
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
  status: 'active' | 'cancelled';
  sequence: number;
  /** `@admin` who booked on a member's behalf or made a maintenance block */
  bookedBy: string | null;
  reason: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
}

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
