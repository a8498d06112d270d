// The waiting list's rules (docs/product.md §10 'The waiting list', docs/decisions/033-waiting-list-offers.md):
// how long an offer of freed time holds it, when it is too close to the start to hold, and which
// part of the freed time a wait is offered. Times are instants (and epoch minutes), so a hold
// across a change of the clocks keeps its elapsed minutes.
import type { Booking } from './models';
import { instantText } from './format';
import { HOUR_MS, MINUTE_MS } from '../time-units';

/** An offer holds the time at most this long, and never more than half the time left before it. */
export const OFFER_HOLD_MS = HOUR_MS;
/** Closer to the start than this, nothing is held: everyone waiting is mailed, the first to book gets it. */
export const SHORT_NOTICE_MS = 90 * MINUTE_MS;

/** Until when an offer made at `now` of time starting at `start` holds it: 60 minutes, or half the time left if less. */
export const offerHoldUntil = (start: Date, now: Date) =>
  new Date(now.getTime() + Math.min(OFFER_HOLD_MS, Math.floor((start.getTime() - now.getTime()) / 2)));

/** 'hold': offer it to the first in line; 'everyone': mail all waiting at once; 'gone': it has started. */
export function offerMode(start: Date, now: Date): 'hold' | 'everyone' | 'gone' {
  const left = start.getTime() - now.getTime();
  if (left <= 0) return 'gone';
  return left < SHORT_NOTICE_MS ? 'everyone' : 'hold';
}

/** A span of time in minutes since the epoch, half-open: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * The time a wait is offered out of `freed`: the first free stretch (not in `busy`, the blocked
 * ranges of the rows that hold the machine) inside the wait's window, from a slot boundary, as long
 * as it is free (its buffer after it too) up to the resource's longest booking, whole slots; null
 * when no stretch gives the wait its shortest length.
 */
export function offerSpan(input: {
  freed: Span;
  busy: Span[];
  window: Span;
  minMinutes: number;
  rules: { slotMinutes: number; minMinutes: number; maxMinutes: number; bufferMinutes: number };
}): Span | null {
  const { freed, window, rules } = input;
  const shortest = Math.max(input.minMinutes, rules.minMinutes);
  const from = Math.max(freed.start, window.start);
  const to = Math.min(freed.end, window.end + rules.bufferMinutes);
  const busy = [...input.busy].filter((b) => b.end > from && b.start < to).sort((a, b) => a.start - b.start);
  let cursor = from;
  for (const gap of [...busy, { start: to, end: to }]) {
    const gapEnd = Math.min(gap.start, to);
    const start = Math.ceil(cursor / rules.slotMinutes) * rules.slotMinutes;
    // The booking ends inside the window and leaves its buffer free before the next block.
    const room = Math.min(gapEnd - rules.bufferMinutes, window.end) - start;
    const minutes = Math.min(Math.floor(room / rules.slotMinutes) * rules.slotMinutes, rules.maxMinutes);
    if (minutes >= shortest) return { start, end: start + minutes };
    cursor = Math.max(cursor, gap.end);
    if (cursor >= to) break;
  }
  return null;
}

/** What the offer page and /bookings say of an offer: held until when. */
export const offerHeldText = (holdUntil: string) =>
  `It is held for you until ${instantText(holdUntil)}. If you have not taken it by then, it goes to the next in line.`;

/** What a member in line reads on /bookings: '2nd in line'. */
export function placeText(place: number) {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix} in line`;
}

/** What an offer's page says once it is no longer open. */
export function offerEndedText(booking: Pick<Booking, 'status'>) {
  switch (booking.status) {
    case 'declined':
      return 'You passed on this time: it went to the next in line.';
    case 'expired':
      return 'This offer ended before it was taken: the time went to the next in line.';
    case 'cancelled':
      return 'You cancelled this booking.';
    default:
      return 'You took this time: it is in My bookings.';
  }
}

/** What /bookings says beside an offer: held until when (null: not an open offer). */
export const offerText = (booking: Pick<Booking, 'status' | 'holdUntil'>) =>
  booking.status === 'offered' && booking.holdUntil
    ? `Offered to you from the waiting list, held until ${instantText(booking.holdUntil)}`
    : null;
