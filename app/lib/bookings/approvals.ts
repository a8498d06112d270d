// Requests a resource's approvers decide (docs/product.md §10, docs/decisions/032-approvals-and-offers.md):
// how long a request holds its slot, and what members and approvers read about it. Times are
// instants, so a deadline across a change of the clocks keeps its elapsed hours.
import type { Booking } from './models';
import type { Refusal } from './rules';
import { instantText } from './format';
import { HOUR_MS } from '../time-units';

/** A request holds its slot this long at most, and closes this long before the start. */
export const DECIDE_WITHIN_MS = 48 * HOUR_MS;
export const CLOSES_BEFORE_MS = 2 * HOUR_MS;

/** When a request made at `now` for `start` expires: 48 hours on, or 2 hours before the start if sooner. */
export const requestDeadline = (start: Date, now: Date) =>
  new Date(Math.min(now.getTime() + DECIDE_WITHIN_MS, start.getTime() - CLOSES_BEFORE_MS));

/** A start too close for anyone to decide in time: nothing to hold. */
export function requestRefusal(start: Date, now: Date): Refusal | null {
  if (requestDeadline(start, now).getTime() > now.getTime()) return null;
  return {
    rule: 'notice',
    field: 'start',
    message: 'Requests close 2 hours before the start. Choose a later time.',
  };
}

/** 'This needs approval. The slot is held for you until Tuesday 1 December 2026, 10:00.' */
export const heldUntilText = (deadline: Date) =>
  `This needs approval. The slot is held for you until ${instantText(deadline.toISOString())}.`;

/** What /bookings says of a request beside its time: waiting, or how it was decided (null: not a request). */
export function requestText(booking: Pick<Booking, 'status' | 'holdUntil' | 'decidedBy' | 'decisionReason'>) {
  if (booking.status === 'pending' && booking.holdUntil)
    return `Waiting for approval, decided by ${instantText(booking.holdUntil)}`;
  if (booking.status === 'declined') return `Declined by ${booking.decidedBy}: ${booking.decisionReason}`;
  if (booking.status === 'expired') return 'Expired: nobody decided in time';
  return null;
}

/** What an approver who came second is told: who decided, or that it expired or was withdrawn. */
export function decidedText(booking: Pick<Booking, 'status' | 'decidedBy'>) {
  const outcome =
    booking.status === 'expired'
      ? 'it expired'
      : booking.status === 'declined'
        ? `declined by ${booking.decidedBy}`
        : booking.status === 'cancelled'
          ? 'the member withdrew it'
          : `approved by ${booking.decidedBy}`;
  return `Someone else decided this request: ${outcome}.`;
}

/** The refusal an approver meets on their own request. */
export const OWN_REQUEST = 'You cannot decide your own request: another approver or an admin will.';
