// Dates as the pages show them (docs/product.md §3), and the lab's clock. The time zone is fixed so
// server and browser render the same text.

/** The lab's time zone: every date and time the site shows, and the booking rules' days. */
export const LAB_TIME_ZONE = 'Europe/Dublin';

/** Current time as the ISO text the database stores. */
export const nowIso = () => new Date().toISOString();

// Made once: building an Intl.DateTimeFormat costs far more than formatting with one (it was a
// quarter of the CPU time of rendering /members, one per post date).
// en-CA formats as YYYY-MM-DD.
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: LAB_TIME_ZONE });
const LONG = new Intl.DateTimeFormat('en-IE', {
  timeZone: LAB_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

// A page of the directory formats up to 144 post dates, the same ones render after render:
// remembered, each is formatted once. Bounded: emptied when full.
const DAYS_REMEMBERED = 4096;
const days = new Map<string, string>();

/** docs/product.md §3: created_at as YYYY-MM-DD, or today's date when missing or unreadable. */
export function isoDay(createdAt: string | null | undefined, now?: Date): string {
  // `now` is made only when needed: a remembered day, the usual case, allocates nothing.
  if (!createdAt) return DAY.format(now ?? new Date());
  const known = days.get(createdAt);
  if (known) return known;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return DAY.format(now ?? new Date());
  const day = DAY.format(date);
  if (days.size >= DAYS_REMEMBERED) days.clear();
  days.set(createdAt, day);
  return day;
}

/** A long, friendly date for the post view: '3 March 2025'. */
export function longDate(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return LONG.format(date);
}
