// Bookings as iCalendar events (app/lib/bookings/ical.ts): for a member's own feed and files, with
// their note; for a resource's public feed, busy times with no names or notes.
import { config } from '../../config';
import { FREED, type Booking } from '~/lib/bookings/models';
import type { CalendarEvent } from '~/lib/bookings/ical';
import { SITE_NAME } from '~/lib/site';

export function bookingEvent(booking: Booking): CalendarEvent {
  return {
    uid: booking.uid,
    sequence: booking.sequence,
    start: booking.start,
    end: booking.end,
    summary: booking.resource.name,
    description: booking.note || undefined,
    location: SITE_NAME,
    url: new URL(`/resources/${booking.resource.slug}`, config.PUBLIC_URL).toString(),
    status: icalStatus(booking),
    updatedAt: booking.updatedAt,
    createdAt: booking.createdAt,
  };
}

/** A busy time on a resource's public feed: no member, no note. */
export function busyEvent(booking: Booking): CalendarEvent {
  return {
    uid: booking.uid,
    sequence: booking.sequence,
    start: booking.start,
    end: booking.end,
    summary:
      booking.kind === 'maintenance'
        ? `${booking.resource.name}: maintenance`
        : `${booking.resource.name}: booked`,
    status: icalStatus(booking),
    updatedAt: booking.updatedAt,
  };
}

/** A request or an offer is TENTATIVE until it becomes a booking; time given back is CANCELLED. */
const icalStatus = ({ status }: Pick<Booking, 'status'>): CalendarEvent['status'] =>
  (FREED as readonly string[]).includes(status)
    ? 'CANCELLED'
    : status === 'pending' || status === 'offered'
      ? 'TENTATIVE'
      : 'CONFIRMED';
