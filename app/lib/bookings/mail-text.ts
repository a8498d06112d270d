// What a booking's confirmation and reminders tell the member beside the booking itself (docs/product.md
// §10 'Booking, cancelling and the member's calendar', 'Check-in', 'Reminders'): what they can still
// do with it, in words that fit the time left (openActions decides), and, on a machine that needs
// check-in, where and when to check in and what happens otherwise. One home for these words.
import { openActions, type ActionRules } from './actions';
import { checkInWindow, checkInWindowText } from './check-in';
import { instantText } from './format';
import type { Booking } from './models';
import { LATE_CANCEL_WAIVER } from './strikes';
import { labClockZoned } from './time';

/**
 * Before the cutoff, how to cancel and until when it costs nothing; past it and before the start,
 * that a release is a late-cancel strike; null once it has begun.
 */
export function plansText(booking: Pick<Booking, 'start' | 'status'>, rules: ActionRules, now: Date) {
  const open = openActions(booking, rules, now);
  if (open.cancel) {
    if (!rules.cancelCutoffMinutes)
      return 'Plans changed? Cancel it from My bookings before it starts so someone else can use the time.';
    const until = new Date(Date.parse(booking.start) - rules.cancelCutoffMinutes * 60_000);
    return `Plans changed? Cancel it from My bookings so someone else can use the time. That costs nothing until ${instantText(until.toISOString())}; after that, releasing it counts as a late-cancel strike.`;
  }
  if (open.release)
    return `Can’t come? Release it from My bookings so someone else can use the time. Past the cutoff that counts as a late-cancel strike, ${LATE_CANCEL_WAIVER}.`;
  return null;
}

/** On a machine that needs check-in (`graceMinutes` not null): where, from when to when, and otherwise. */
export function checkInMailText(start: string, graceMinutes: number | null | undefined, hereUrl: string) {
  if (graceMinutes == null) return null;
  const window = checkInWindow(new Date(start), graceMinutes);
  return `${checkInWindowText(window)}: scan its QR code, or open ${hereUrl}. If nobody checks in by ${labClockZoned(window.closes)}, the booking is released for others and counts as a no-show strike.`;
}
