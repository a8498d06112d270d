// iCalendar (RFC 5545) for bookings: a member's private feed, a resource's public busy times, one
// booking's 'Add to calendar' file and the mail attachment. Times are UTC ('...Z'), which every
// client shows in its own zone; each booking keeps one random UID for ever and raises SEQUENCE on
// every change; a cancelled one stays as STATUS:CANCELLED so clients remove it. Feeds carry no
// METHOD (RFC 7986 subscriptions); a mailed confirmation says METHOD:PUBLISH and a cancellation
// METHOD:CANCEL (RFC 5546), each with the lab as ORGANIZER, which both methods require.
import { SITE_NAME } from '../site';

export interface CalendarEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** when the event last changed (LAST-MODIFIED, and DTSTAMP) */
  updatedAt: string;
  createdAt?: string;
}

export const PRODID = `-//${SITE_NAME}//Bookings//EN`;

export function calendar(
  events: readonly CalendarEvent[],
  {
    name,
    method,
    organizer,
    refreshMinutes,
    now = new Date(),
  }: {
    name?: string;
    method?: 'PUBLISH' | 'CANCEL';
    /** who sends the message (with a method): the lab's mail address */
    organizer?: { name: string; email: string };
    refreshMinutes?: number;
    now?: Date;
  } = {},
): string {
  // With a METHOD the object is a message: DTSTAMP is when it was made; in a feed, when the event last changed.
  const stamp = (event: CalendarEvent) => utc(method ? now.toISOString() : event.updatedAt);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN'];
  if (method) lines.push(`METHOD:${method}`);
  if (name) lines.push(`NAME:${text(name)}`, `X-WR-CALNAME:${text(name)}`);
  if (refreshMinutes)
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
      `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
    );
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${text(event.uid)}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${stamp(event)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${text(event.summary)}`,
      `STATUS:${event.status}`,
      `LAST-MODIFIED:${utc(event.updatedAt)}`,
    );
    if (organizer)
      lines.push(`ORGANIZER;CN="${organizer.name.replace(/["\r\n]/g, '')}":mailto:${organizer.email}`);
    if (event.createdAt) lines.push(`CREATED:${utc(event.createdAt)}`);
    if (event.description) lines.push(`DESCRIPTION:${text(event.description)}`);
    if (event.location) lines.push(`LOCATION:${text(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** '20261125T223800Z' */
export const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const text = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in TEXT
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character. */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
