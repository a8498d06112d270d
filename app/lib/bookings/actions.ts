// What a member can do with one of their bookings now (docs/product.md §10 'Booking, cancelling and
// the member's calendar'): change or cancel it until the cutoff; past the cutoff, until it starts,
// release it (a late cancel, a strike); check in at the machine inside the check-in window, and
// check out once checked in. Pure, from the rules that decide each (cancelRefusal, checkInRefusal):
// /bookings offers these as links, the cancel page its 'Release this booking', the mails their words.
import type { Booking } from './models';
import { cancelRefusal, type BookingRules } from './rules';
import { checkInRefusal, checkInWindow } from './check-in';

export type ActionRules = Pick<BookingRules, 'cancelCutoffMinutes' | 'checkInGraceMinutes'>;

export interface OpenActions {
  /** before the cutoff: 'Change booking' and 'Cancel booking', no strike */
  change: boolean;
  cancel: boolean;
  /** past the cutoff and not begun: 'Release this booking', a late cancel */
  release: boolean;
  /** a request waiting for approval: 'Withdraw request', at any time */
  withdraw: boolean;
  /** a machine that needs check-in, inside the check-in window */
  checkIn: boolean;
  /** checked in: 'Check out' ends it early */
  checkOut: boolean;
  /** the cutoff's text once it has passed ('Bookings can be cancelled until 2 hours before they start.') */
  cutoff: string | null;
  /** a machine that needs check-in and a window still ahead: when it opens and closes */
  checkInWindow: { opens: Date; closes: Date } | null;
}

export function openActions(
  booking: Pick<Booking, 'start' | 'status'>,
  rules: ActionRules,
  now: Date,
): OpenActions {
  const start = new Date(booking.start);
  const active = booking.status === 'active';
  const cutoff = cancelRefusal(rules, start, now)?.message ?? null;
  const grace = rules.checkInGraceMinutes ?? null;
  const window = grace === null ? null : checkInWindow(start, grace);
  return {
    change: active && cutoff === null,
    cancel: active && cutoff === null,
    release: active && cutoff !== null && start > now,
    withdraw: booking.status === 'pending',
    checkIn: grace !== null && checkInRefusal(booking, grace, now) === null,
    checkOut: booking.status === 'checked_in',
    cutoff,
    checkInWindow: active && window && now < window.opens ? window : null,
  };
}
