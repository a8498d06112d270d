// Lab time (docs/architecture.md §13): bookings are stored as UTC instants and shown in the lab's
// own zone, Europe/Dublin. A lab day runs from one local midnight to the next, so the last Sunday
// of March has 23 hours and the last Sunday of October 25; a booking is an instant and a length,
// so one that crosses midnight or a clock change lasts its real length.
import { LAB_TIME_ZONE } from '../dates';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time-units';

// Its home is time-units; the lab's modules import it from here too.
export { DAY_MS };

// Made once: building an Intl.DateTimeFormat costs far more than using one.
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const LONG_DAY = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const SHORT_DAY = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const DATE_ONLY = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A calendar day as the lab writes it: YYYY-MM-DD. */
export type LabDay = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's parts, or null for anything that is not a real calendar date. */
export function parseLabDay(text: string | null | undefined): LabDay | null {
  const match = DAY_PATTERN.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (year < 2000 || year > 2999) return null;
  return text!;
}

function wall(ms: number) {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number };
}

/** Minutes the lab's clocks are ahead of UTC at an instant (0 in winter, 60 in summer). */
export function labOffset(ms: number): number {
  const p = wall(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - (ms - (((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS))) / MINUTE_MS);
}

/** The lab's calendar day at an instant. */
export function labDayOf(date: Date): LabDay {
  const p = wall(date.getTime());
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The lab's wall-clock time at an instant, 'HH:MM'. */
export function labClock(date: Date): string {
  const p = wall(date.getTime());
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The lab's clock at an instant, with the zone ('01:00 IST', '01:00 GMT') when the clocks show that
 * time twice that night (the last Sunday of October), so the two hours are never read as one.
 */
export function labClockZoned(date: Date): string {
  const clock = labClock(date);
  const ms = date.getTime();
  const twice = labClock(new Date(ms - HOUR_MS)) === clock || labClock(new Date(ms + HOUR_MS)) === clock;
  return twice ? `${clock} ${labOffset(ms) ? 'IST' : 'GMT'}` : clock;
}

/**
 * The instant the lab's clocks show `minutes` after midnight on `day` (1440: the next midnight).
 * A time the clocks skip (01:00-02:00 on the last Sunday of March) is read as the instant after
 * the gap at the same distance; a time they show twice (01:00-02:00 on the last Sunday of
 * October) is the first of the two.
 */
export function labTime(day: LabDay, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date) + minutes * MINUTE_MS;
  const candidates = [labOffset(asUtc - DAY_MS), labOffset(asUtc + DAY_MS)]
    .map((offset) => asUtc - offset * MINUTE_MS)
    .filter((ms) => labOffset(ms) * MINUTE_MS === asUtc - ms);
  if (candidates.length) return new Date(Math.min(...candidates));
  return new Date(asUtc - labOffset(asUtc - DAY_MS) * MINUTE_MS);
}

export function addDays(day: LabDay, days: number): LabDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The same lab day and clock time `months` later (an induction's expiry): on the lab's calendar,
 * not UTC's, so 00:30 Irish summer time on 31 March plus one month is 30 April, not 1 May; a day
 * the shorter month lacks becomes its last (31 January + 1 month is 28 February).
 */
export function addLabMonths(date: Date, months: number): Date {
  const [year, month, day] = labDayOf(date).split('-').map(Number) as [number, number, number];
  const [hours, minutes] = labClock(date).split(':').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(year, month - 1 + months, Math.min(day, last)));
  return labTime(target.toISOString().slice(0, 10), hours * 60 + minutes);
}

/** Monday 0 … Sunday 6. */
export function weekdayOf(day: LabDay): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}

/** The Monday of the lab week (Monday to Sunday) a day is in. */
export const weekStartOf = (day: LabDay): LabDay => addDays(day, -weekdayOf(day));

/** The instants a lab week begins and ends (the next Monday's midnight), for the week `instant` is in. */
export function labWeek(instant: Date): { start: Date; end: Date } {
  const monday = weekStartOf(labDayOf(instant));
  return { start: labTime(monday, 0), end: labTime(addDays(monday, 7), 0) };
}

const utcNoon = (day: LabDay) => new Date(`${day}T12:00:00Z`);

/** 'Wednesday 25 November 2026' */
export const longDayName = (day: LabDay) => LONG_DAY.format(utcNoon(day)).replace(',', '');
/** 'Wed 25 Nov' */
export const shortDayName = (day: LabDay) => SHORT_DAY.format(utcNoon(day)).replace(',', '');
/** '3 March 2027' */
export const dateName = (day: LabDay) => DATE_ONLY.format(utcNoon(day));

/** Minutes since the Unix epoch: how the database keeps the blocked ranges (integers on both engines). */
export const epochMinutes = (date: Date) => Math.floor(date.getTime() / MINUTE_MS);

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE_MS);

export const minutesBetween = (from: Date, to: Date) =>
  Math.round((to.getTime() - from.getTime()) / MINUTE_MS);

/** '1 hour', '30 minutes', '1 hour 30 minutes', '14 days' (whole days only when asked). */
export function duration(minutes: number, { days = false } = {}): string {
  if (days && minutes % 1440 === 0 && minutes >= 1440) return plural(minutes / 1440, 'day');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return plural(rest, 'minute');
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

function pad(value: number) {
  return String(value).padStart(2, '0');
}
