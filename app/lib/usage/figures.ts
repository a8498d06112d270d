// The figures of /admin/usage (docs/product.md §11), worked out from the rows: pure, so the same
// code runs on both engines and a test can check each figure against one worked by hand. Each
// resource's lab day is worked out alone (`dayUse`) and a period's figures are its days added up,
// so a day that is over can be kept (decision 034). A booking's times are milliseconds since the epoch (read once from the rows: a year is
// 100,000 of them); minutes are real minutes (a 25-hour day has 1,500).
import { FREED } from '~/lib/bookings/models';
import type { BookingStatus, OpeningHours } from '~/lib/bookings/models';
import { openingOn } from '~/lib/bookings/rules';
import { addDays, type LabDay } from '~/lib/bookings/time';
import { addToHeatMap, emptyHeatMap } from './heat-map';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface UsageResource {
  id: string;
  slug: string;
  name: string;
  kind: string;
  hours: OpeningHours;
  /** when it went out of service, if it is now (the only stretch the lab keeps) */
  outOfServiceSince: string | null;
  /** the credit a booking of it costs, if any */
  creditId: string | null;
}

export interface UsageBooking {
  resourceId: string;
  userId: string | null;
  kind: 'booking' | 'maintenance';
  status: BookingStatus;
  start: number;
  end: number;
  createdAt: number;
  /** when it was cancelled, released (a no-show), checked out or decided, by its status */
  freedAt: number | null;
  checkedInAt: number | null;
  checkedOutAt: number | null;
  decidedAt: number | null;
  /** made with check-in (its terms had a grace) */
  checkIn: boolean;
  /** an offer of freed time to a waiting member (its time was freed by another booking) */
  offer: boolean;
  /** released by the member past the cancellation cutoff */
  late: boolean;
}

/** The statuses of a booking that was made and kept: what 'booked' counts. */
export const BOOKED: readonly BookingStatus[] = ['active', 'checked_in', 'checked_out', 'no_show'];
const isKept = (booking: UsageBooking) =>
  booking.kind === 'booking' && (BOOKED as readonly string[]).includes(booking.status);

export type Span = [start: number, end: number];

const ms = (iso: string) => Date.parse(iso);
const spanMs = (spans: readonly Span[]) => spans.reduce((sum, [a, b]) => sum + Math.max(0, b - a), 0);

/** The index of the first of sorted, non-overlapping `spans` that ends after `a`. */
export function firstEndingAfter(spans: readonly Span[], a: number) {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] <= a) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The parts of sorted, non-overlapping `spans` inside [a, b). */
function within(spans: readonly Span[], a: number, b: number): Span[] {
  const out: Span[] = [];
  for (let i = firstEndingAfter(spans, a); i < spans.length && spans[i]![0] < b; i++)
    out.push([Math.max(a, spans[i]![0]), Math.min(b, spans[i]![1])]);
  return out.filter(([x, y]) => y > x);
}

/** How many milliseconds of sorted, non-overlapping `spans` lie inside [a, b). */
function overlap(spans: readonly Span[], a: number, b: number) {
  let sum = 0;
  for (let i = firstEndingAfter(spans, a); i < spans.length && spans[i]![0] < b; i++)
    sum += Math.max(0, Math.min(b, spans[i]![1]) - Math.max(a, spans[i]![0]));
  return sum;
}

/** `spans` less every part of `holes` (both sorted by start). */
function subtract(spans: readonly Span[], holes: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [a, b] of spans) {
    let from = a;
    for (const [x, y] of holes) {
      if (y <= from || x >= b) continue;
      if (x > from) out.push([from, x]);
      from = Math.max(from, y);
    }
    if (from < b) out.push([from, b]);
  }
  return out;
}

// A day's opening instants ask Intl a few times; resources share their hours and a page asks for
// the same days again: kept per hours and day (a year of five sets of hours is 1,800 entries).
const openings = new Map<string, Span | null>();
function openingMemo(key: string, hours: OpeningHours, day: LabDay): Span | null {
  const id = `${key} ${day}`;
  let span = openings.get(id);
  if (span === undefined) {
    if (openings.size > 20_000) openings.clear();
    const open = openingOn(hours, day);
    span = open && [open.start.getTime(), open.end.getTime()];
    openings.set(id, span);
  }
  return span && [span[0], span[1]];
}

/**
 * When a resource was open in [start, end): its opening hours on each lab day, less its
 * maintenance blocks and its time out of service. Sorted.
 */
export function openSpans(
  resource: UsageResource,
  days: { first: LabDay; last: LabDay },
  maintenance: readonly Span[],
  now: Date,
): Span[] {
  const hours: Span[] = [];
  const key = JSON.stringify(resource.hours);
  for (let day = days.first; day <= days.last; day = addDays(day, 1)) {
    const span = openingMemo(key, resource.hours, day);
    if (!span) continue;
    const last = hours.at(-1);
    // 'Any time' and midnight closings meet the next day's opening: one span.
    if (last && last[1] === span[0]) last[1] = span[1];
    else hours.push(span);
  }
  const out = resource.outOfServiceSince
    ? [[Date.parse(resource.outOfServiceSince), now.getTime()] as Span]
    : [];
  return subtract(hours, [...maintenance].sort((a, b) => a[0] - b[0]).concat(out));
}

export interface ResourceUse {
  slug: string;
  name: string;
  kind: string;
  openMinutes: number;
  bookedMinutes: number;
  /** open minutes up to now, what used time is measured against */
  openSoFar: number;
  /** checked-in minutes; null where nothing in the period was made with check-in */
  usedMinutes: number | null;
}

/** A lab day: its date and [start, end) in real time. */
export interface Day {
  first: LabDay;
  last: LabDay;
  start: Date;
  end: Date;
}

/**
 * One resource's figures for one lab day, in milliseconds (rounded to minutes only once a period's
 * days are added up): a period's figures are the sum of its days', so a day that is over and whose
 * rows have not changed need not be worked out again.
 */
export interface DayUse {
  open: number;
  openSoFar: number;
  booked: number;
  used: number;
  /** something overlapping the day was made with check-in */
  checkIn: boolean;
  /** booked minutes by the hour of the week, flat pairs: day × 24 + hour, minutes, … */
  hours: readonly number[];
  checkInBookings: number;
  noShows: number;
  cancels: number;
  lateCancels: number;
  freed: number;
  rebooked: number;
  /** the requests for time that starts this day that were decided: how, and minutes to decide */
  decisions: readonly (readonly [status: BookingStatus, minutes: number])[];
  /** kept milliseconds per member (resources that cost credits only) */
  byMember: readonly (readonly [userId: string, ms: number])[];
}

/** The minutes a kept booking was used: from its check-in (or start) to its check-out (or end, or now). */
function usedSpan(booking: UsageBooking, now: number): Span | null {
  if (booking.checkedInAt === null) return null;
  const from = Math.max(booking.start, booking.checkedInAt);
  const to = Math.min(booking.end, booking.checkedOutAt ?? now, now);
  return to > from ? [from, to] : null;
}

const GIVES_BACK = new Set<BookingStatus>(['cancelled', 'declined', 'expired', 'no_show', 'checked_out']);

/** When a booking gave its time back, and the part of it given back: null when it kept it all. */
function freed(booking: UsageBooking): { at: number; span: Span } | null {
  if (booking.kind !== 'booking' || booking.offer) return null;
  const at = GIVES_BACK.has(booking.status) ? booking.freedAt : null;
  if (at === null) return null;
  const from = Math.max(at, booking.start);
  return from < booking.end ? { at, span: [from, booking.end] } : null;
}

const between = (at: number, start: number, end: number) => at >= start && at < end;

/**
 * The freed time of `bookings` inside [start, end), and how much of it a booking made after it
 * was freed took again; `kept` are the kept bookings, sorted by start.
 */
function freedAndRebooked(
  bookings: readonly UsageBooking[],
  kept: readonly UsageBooking[],
  start: number,
  end: number,
) {
  let [freedMs, rebookedMs] = [0, 0];
  for (const booking of bookings) {
    const given = freed(booking);
    if (!given) continue;
    const a = Math.max(given.span[0], start);
    const b = Math.min(given.span[1], end);
    if (b <= a) continue;
    freedMs += b - a;
    const again: Span[] = [];
    // Kept bookings never overlap each other: their parts inside [a, b) add up.
    for (const other of kept) {
      if (other.start >= b) break;
      if (other.createdAt < given.at) continue;
      const span: Span = [Math.max(a, other.start), Math.min(b, other.end)];
      if (span[1] > span[0]) again.push(span);
    }
    rebookedMs += again.reduce((sum, [x, y]) => sum + y - x, 0);
  }
  return { freedMs, rebookedMs };
}

/**
 * One resource's figures for one lab day as of `now`, from its bookings and maintenance that
 * overlap the day; where the resource costs credits, its minutes are counted per member too.
 */
export function dayUse(
  resource: UsageResource,
  bookings: readonly UsageBooking[],
  day: Day,
  now: Date,
): DayUse {
  const [start, end] = [day.start.getTime(), day.end.getTime()];
  const costs = resource.creditId !== null;
  const nowMs = Math.min(now.getTime(), end);
  const maintenance = bookings
    .filter((booking) => booking.kind === 'maintenance' && !FREED.includes(booking.status as never))
    .map((booking): Span => [booking.start, booking.end]);
  const open = within(openSpans(resource, day, maintenance, now), start, end);
  const kept = bookings.filter(isKept).sort((x, y) => x.start - y.start);
  let [booked, used] = [0, 0];
  const byMember = new Map<string, number>();
  for (const booking of kept) {
    booked += overlap(open, booking.start, booking.end);
    const span = usedSpan(booking, nowMs);
    if (span) used += overlap(open, span[0], span[1]);
    const ms = Math.min(end, booking.end) - Math.max(start, booking.start);
    if (costs && booking.userId && ms > 0)
      byMember.set(booking.userId, (byMember.get(booking.userId) ?? 0) + ms);
  }
  const grid = hourOfWeek(kept, day);
  // Behaviour counts the bookings that start this day; freed time counts up to now.
  const starting = bookings.filter((b) => b.kind === 'booking' && between(b.start, start, end));
  const checkIns = starting.filter(
    (b) => b.checkIn && (b.status === 'checked_in' || b.status === 'checked_out' || b.status === 'no_show'),
  );
  const cancels = starting.filter((b) => b.status === 'cancelled' && !b.offer);
  const { freedMs, rebookedMs } = freedAndRebooked(bookings, kept, start, Math.min(end, now.getTime()));
  return {
    open: spanMs(open),
    openSoFar: spanMs(within(open, start, nowMs)),
    booked,
    used,
    checkIn: bookings.some((booking) => booking.kind === 'booking' && booking.checkIn),
    hours: grid.flatMap((row, d) => row.flatMap((m, h) => (m ? [d * 24 + h, m] : []))),
    checkInBookings: checkIns.length,
    noShows: checkIns.filter((b) => b.status === 'no_show').length,
    cancels: cancels.length,
    lateCancels: cancels.filter((b) => b.late).length,
    freed: freedMs,
    rebooked: rebookedMs,
    decisions: orNone(
      starting
        .filter((b) => b.decidedAt !== null && !b.offer)
        .map((b) => [b.status, (b.decidedAt! - b.createdAt) / MINUTE_MS] as const),
    ),
    byMember: orNone([...byMember]),
  };
}

// A year of days is kept in memory (decision 034): the usual empty lists are one shared list.
const NONE: readonly never[] = Object.freeze([]);
function orNone<T>(list: readonly T[]): readonly T[] {
  return list.length ? list : NONE;
}

const toMinutes = (ms: number) => Math.round(ms / MINUTE_MS);

/** A resource's row for a period: its days added up. */
export function resourceUse(resource: UsageResource, days: readonly DayUse[]): ResourceUse {
  const sum = (pick: (day: DayUse) => number) => toMinutes(days.reduce((total, day) => total + pick(day), 0));
  return {
    slug: resource.slug,
    name: resource.name,
    kind: resource.kind,
    openMinutes: sum((day) => day.open),
    bookedMinutes: sum((day) => day.booked),
    openSoFar: sum((day) => day.openSoFar),
    usedMinutes: days.some((day) => day.checkIn) ? sum((day) => day.used) : null,
  };
}

/** The lab's (or the scope's) row: every resource's minutes added up. */
export function totalUse(rows: readonly ResourceUse[]): Omit<ResourceUse, 'slug' | 'name' | 'kind'> {
  const withUse = rows.filter((row) => row.usedMinutes !== null);
  return {
    openMinutes: rows.reduce((sum, row) => sum + row.openMinutes, 0),
    bookedMinutes: rows.reduce((sum, row) => sum + row.bookedMinutes, 0),
    // Used is measured only where check-in measures it.
    openSoFar: withUse.reduce((sum, row) => sum + row.openSoFar, 0),
    usedMinutes: withUse.length ? withUse.reduce((sum, row) => sum + row.usedMinutes!, 0) : null,
  };
}

/** Booked minutes by the lab's hour of the week, the kept bookings clipped to the period. */
export function hourOfWeek(bookings: readonly UsageBooking[], period: { start: Date; end: Date }) {
  const grid = emptyHeatMap();
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  for (const booking of bookings) {
    if (!isKept(booking)) continue;
    const from = Math.max(start, booking.start);
    const to = Math.min(end, booking.end);
    if (to > from) addToHeatMap(grid, from, to);
  }
  return grid;
}

/** The heat map of a period: its days' hours added up. */
export function daysHourOfWeek(days: readonly DayUse[]) {
  const grid = emptyHeatMap();
  for (const { hours } of days)
    for (let i = 0; i < hours.length; i += 2)
      grid[Math.floor(hours[i]! / 24)]![hours[i]! % 24]! += hours[i + 1]!;
  return grid;
}

export const median = (values: readonly number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Wait {
  resourceId: string;
  createdAt: string;
  endedAt: string | null;
  endedWhy: 'left' | 'booked' | 'over' | null;
}

export interface Behaviour {
  /** kept bookings made with check-in that started in the period and whose grace is over */
  checkInBookings: number;
  noShows: number;
  cancels: number;
  lateCancels: number;
  /** minutes of bookings given back before their end (cancel, release, check-out, a request not approved) */
  freedMinutes: number;
  /** of those, minutes booked again by a booking made after they were freed */
  rebookedMinutes: number;
  waitsJoined: number;
  waitsBooked: number;
  /** from joining the waiting list to the booking, for the waits that ended booked in the period */
  medianWaitMinutes: number | null;
  approved: number;
  declined: number;
  expired: number;
  /** of the requests for time in the period: from a request to its approval or decline */
  medianDecisionMinutes: number | null;
}

const startsIn = (iso: string, start: number, end: number) => ms(iso) >= start && ms(iso) < end;

/** How members and approvers behaved with the bookings that started in the period: its days added up. */
export function behaviour(
  days: readonly DayUse[],
  waits: readonly Wait[],
  period: { start: Date; end: Date },
): Behaviour {
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  const sum = (pick: (day: DayUse) => number) => days.reduce((total, day) => total + pick(day), 0);
  const decided = days.flatMap((day) => day.decisions);
  const answered = decided.filter(([status]) => status !== 'expired' && status !== 'pending');
  const booked = waits.filter((w) => w.endedWhy === 'booked' && w.endedAt && startsIn(w.endedAt, start, end));
  return {
    checkInBookings: sum((day) => day.checkInBookings),
    noShows: sum((day) => day.noShows),
    cancels: sum((day) => day.cancels),
    lateCancels: sum((day) => day.lateCancels),
    freedMinutes: toMinutes(sum((day) => day.freed)),
    rebookedMinutes: toMinutes(sum((day) => day.rebooked)),
    waitsJoined: waits.filter((w) => startsIn(w.createdAt, start, end)).length,
    waitsBooked: booked.length,
    medianWaitMinutes: median(booked.map((w) => (ms(w.endedAt!) - ms(w.createdAt)) / MINUTE_MS)),
    approved: answered.filter(([status]) => status !== 'declined').length,
    declined: answered.filter(([status]) => status === 'declined').length,
    expired: decided.filter(([status]) => status === 'expired').length,
    medianDecisionMinutes: median(answered.map(([, minutes]) => minutes)),
  };
}

export interface InductionFacts {
  id: string;
  name: string;
  requests: { userId: string; createdAt: string }[];
  /** every member's sign-off (one per member), whenever it was */
  held: { userId: string; signedOffAt: string; expiresAt: string | null; revokedAt: string | null }[];
  /** each member's first kept booking of a resource that needs it, and their last */
  bookings: { userId: string; firstAt: string; lastStart: string }[];
}

export interface Funnel {
  name: string;
  requested: number;
  signedOff: number;
  firstBookings: number;
  /** holding it at the period's end and booked a resource that needs it in the 90 days before */
  active: number;
  expiredOrRevoked: number;
  /** days from a request in the period to its member's sign-off */
  medianDaysToSignOff: number | null;
  /** days from sign-off to the first booking, for first bookings in the period */
  medianDaysToFirstBooking: number | null;
}

export const ACTIVE_DAYS = 90;

/** The way from asking for an induction to using it, for one induction in the period. */
export function funnel(facts: InductionFacts, period: { start: Date; end: Date }, now: Date): Funnel {
  const [start, end] = [period.start.getTime(), period.end.getTime()];
  const asOf = Math.min(end, now.getTime());
  const held = new Map(facts.held.map((h) => [h.userId, h]));
  const requests = facts.requests.filter((r) => startsIn(r.createdAt, start, end));
  const firsts = facts.bookings.filter((b) => startsIn(b.firstAt, start, end));
  const lapsed = (h: InductionFacts['held'][number]) =>
    (h.revokedAt && startsIn(h.revokedAt, start, end) && ms(h.revokedAt) <= asOf) ||
    (h.expiresAt && startsIn(h.expiresAt, start, end) && ms(h.expiresAt) <= asOf);
  const valid = (h: InductionFacts['held'][number] | undefined) =>
    !!h &&
    ms(h.signedOffAt) < asOf &&
    (!h.revokedAt || ms(h.revokedAt) > asOf) &&
    (!h.expiresAt || ms(h.expiresAt) > asOf);
  return {
    name: facts.name,
    requested: requests.length,
    signedOff: facts.held.filter((h) => startsIn(h.signedOffAt, start, end)).length,
    firstBookings: firsts.length,
    active: facts.bookings.filter(
      (b) =>
        valid(held.get(b.userId)) && ms(b.lastStart) >= asOf - ACTIVE_DAYS * DAY_MS && ms(b.lastStart) < asOf,
    ).length,
    expiredOrRevoked: facts.held.filter(lapsed).length,
    medianDaysToSignOff: median(
      requests.flatMap((r) => {
        const h = held.get(r.userId);
        return h && h.signedOffAt >= r.createdAt ? [(ms(h.signedOffAt) - ms(r.createdAt)) / DAY_MS] : [];
      }),
    ),
    medianDaysToFirstBooking: median(
      firsts.flatMap((b) => {
        const h = held.get(b.userId);
        return h && h.signedOffAt <= b.firstAt ? [(ms(b.firstAt) - ms(h.signedOffAt)) / DAY_MS] : [];
      }),
    ),
  };
}

export interface CreditMonth {
  credit: string;
  unit: string;
  month: LabDay;
  granted: number;
  held: number;
  settled: number;
  expired: number;
}

/** The share of the minutes booked by the busiest tenth of the members who booked (at least one). */
export function busiestTenth(minutesByMember: readonly number[]): number | null {
  const total = minutesByMember.reduce((sum, m) => sum + m, 0);
  if (!total) return null;
  const sorted = [...minutesByMember].sort((a, b) => b - a);
  const top = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 10)));
  return top.reduce((sum, m) => sum + m, 0) / total;
}

/** Minutes of kept bookings per member in a period, from its days. */
export function minutesByMember(days: readonly DayUse[]): number[] {
  const byMember = new Map<string, number>();
  for (const day of days)
    for (const [userId, ms] of day.byMember) byMember.set(userId, (byMember.get(userId) ?? 0) + ms);
  return [...byMember.values()].map((ms) => ms / MINUTE_MS);
}
