// How the booking pages and mails write a booking's time and a member's induction (docs/product.md
// §10), always on the lab's clocks (Europe/Dublin).
import type { Booking, HeldInduction } from './models';
import { dateName, labClock, labClockZoned, labDayOf, longDayName, shortDayName } from './time';

/** 'Wednesday 25 November 2026, 10:00–12:00'; one that ends on a later day names that day too. */
export function whenText(booking: Pick<Booking, 'start' | 'end'>) {
  const start = new Date(booking.start);
  const end = new Date(booking.end);
  const endDay = labDayOf(end);
  const sameDay =
    endDay === labDayOf(start) ||
    (labClock(end) === '00:00' && end.getTime() - start.getTime() <= 86_400_000);
  return `${longDayName(labDayOf(start))}, ${labClockZoned(start)}–${sameDay ? '' : `${longDayName(endDay)}, `}${labClockZoned(end)}`;
}

/** 'Wednesday 25 November 2026, 10:00': an instant on the lab's clock. */
export function instantText(iso: string) {
  const at = new Date(iso);
  return `${longDayName(labDayOf(at))}, ${labClockZoned(at)}`;
}

/** 'valid until 3 March 2027', 'expired on 3 March 2027', 'revoked on …', or 'does not expire'. */
export function inductionStatusText(held: Pick<HeldInduction, 'expiresAt' | 'revokedAt'>, now: Date) {
  if (held.revokedAt) return `revoked on ${dateName(labDayOf(new Date(held.revokedAt)))}`;
  if (!held.expiresAt) return 'does not expire';
  const day = dateName(labDayOf(new Date(held.expiresAt)));
  return held.expiresAt <= now.toISOString() ? `expired on ${day}` : `valid until ${day}`;
}

/** What an inductor or admin is told after revoking: whom it touched and their bookings that need it. */
export function revokedText(revoked: {
  member: { username: string };
  bookings: readonly (Pick<Booking, 'start' | 'end'> & { resource: { name: string } })[];
  cancelled: boolean;
}) {
  const who = `@${revoked.member.username}`;
  const count = revoked.bookings.length;
  const plural = count === 1 ? 'booking' : `${count} bookings`;
  if (!count) return `Induction revoked; ${who} was e-mailed the reason.`;
  if (revoked.cancelled)
    return `Induction revoked; ${who}’s upcoming ${plural} that needed it ${count === 1 ? 'was' : 'were'} cancelled, and they were e-mailed the reason.`;
  const list = revoked.bookings
    .map((booking) => `${whenText(booking)} (${booking.resource.name})`)
    .join('; ');
  return `Induction revoked; ${who} was e-mailed the reason. Their upcoming ${plural} that need${count === 1 ? 's' : ''} it still stand${count === 1 ? 's' : ''}: ${list}.`;
}

/** A refusal with the nearest free starts on the lab's clocks: '… Nearest free: Monday 10:00, Monday 11:00.' */
export function withNearestFree(message: string, nearest: string[]) {
  const starts = nearest.map((iso) => {
    const at = new Date(iso);
    return `${longDayName(labDayOf(at))} ${labClock(at)}`;
  });
  return starts.length ? `${message} Nearest free: ${starts.join(', ')}.` : message;
}

const EVENT_TEXT: Record<string, string> = {
  booked: 'Booked',
  changed: 'Changed',
  cancelled: 'Cancelled',
  'checked-in': 'Checked in',
  'checked-out': 'Checked out',
  released: 'Released: nobody checked in',
  reminded: 'Reminded',
  strike: 'Strike',
  waived: 'Strike waived',
};

/**
 * One line of a booking's history on /bookings: 'Tue 1 Dec 10:02: Checked in by @ana (phone flat)'.
 * The member's own actions and the lab's worker are not named; a person acting for them is.
 */
export function eventText(event: { at: string; kind: string; actor: string; reason: string }) {
  const at = new Date(event.at);
  const by = event.actor.startsWith('@') || event.actor === 'admin CLI' ? ` by ${event.actor}` : '';
  const reason = event.reason ? ` (${event.reason})` : '';
  return `${shortDayName(labDayOf(at))} ${labClock(at)}: ${EVENT_TEXT[event.kind] ?? event.kind}${by}${reason}`;
}

/** What /bookings says of a booking's status, beside its time (null: booked, nothing to say). */
export const statusText = (status: string): string | null =>
  ({
    checked_in: 'Checked in',
    checked_out: 'Checked out early',
    no_show: 'Released: nobody checked in',
    cancelled: 'Cancelled',
  })[status] ?? null;
