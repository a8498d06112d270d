// Check-in at the machine (docs/product.md §10 'Check-in'): on a resource that requires it, a
// member checks in from 15 minutes before their booking starts until the start plus the resource's
// grace; at the start plus the grace a booking nobody checked in to is released. Pure: the store
// decides in a guarded update, so a check-in and a release at the same moment have one winner.
import type { Booking } from './models';
import { addMinutes, labClockZoned } from './time';

/** How early before its start a booking can be checked in to. */
export const CHECK_IN_OPENS_MINUTES = 15;

export { DEFAULT_GRACE_MINUTES } from '../limits';

/**
 * How long past its check-in deadline a booking waits before it is released: a check-in is judged
 * by when its request arrived, and one sent a moment before the deadline must reach its
 * transaction before the release does. The machine is still free from the deadline itself.
 */
export const RELEASE_SLACK_MS = 30_000;

export function checkInWindow(start: Date, graceMinutes: number) {
  return { opens: addMinutes(start, -CHECK_IN_OPENS_MINUTES), closes: addMinutes(start, graceMinutes) };
}

/** 'Check in at the machine between 09:45 and 10:15': /bookings and the mails say when, in these words. */
export const checkInWindowText = (window: { opens: Date; closes: Date }) =>
  `Check in at the machine between ${labClockZoned(window.opens)} and ${labClockZoned(window.closes)}`;

/** Why a booking cannot be checked in to now, in the member's words; null when it can. */
export function checkInRefusal(
  booking: Pick<Booking, 'start' | 'status'>,
  graceMinutes: number,
  now: Date,
): string | null {
  if (booking.status === 'checked_in') return 'You are checked in.';
  if (booking.status === 'no_show') return 'This booking was released because nobody checked in.';
  if (booking.status === 'cancelled') return 'This booking was cancelled.';
  if (booking.status !== 'active') return 'This booking is over.';
  const { opens, closes } = checkInWindow(new Date(booking.start), graceMinutes);
  if (now < opens) return `Check-in opens at ${labClockZoned(opens)}.`;
  if (now >= closes) return `Check-in closed at ${labClockZoned(closes)}.`;
  return null;
}

/** The rule as the resource page states it. */
export const checkInRuleText = (graceMinutes: number) =>
  `Check in at the machine (scan its QR code) between ${CHECK_IN_OPENS_MINUTES} minutes before your booking and ${graceMinutes} minutes after it starts, or it is released for others.`;
