// A resource's booking rules and the checks every booking passes (docs/product.md §10). Pure: the
// store runs them inside the booking's transaction with the counts it has just read, the pages run
// them to offer only what would pass. Where several rules refuse, the first in the order below is
// named; a length passes only when every rule allows it (the strictest wins).
import {
  addDays,
  addMinutes,
  DAY_MS,
  dateName,
  duration,
  labDayOf,
  labTime,
  labWeek,
  minutesBetween,
  weekdayOf,
  type LabDay,
} from './time';

import { clockText as clock, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './week';
import { checkInRuleText } from './check-in';
import type { BookingRules, OpeningHours, ResourceStatus } from './models';

export { clockText, SLOT_LENGTHS, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './week';

export type { BookingRules, DayHours, OpeningHours, ResourceStatus } from './models';

/** Where the member stands with the induction a resource needs. */
export type InductionStanding =
  | { state: 'not-needed' }
  | { state: 'held'; name: string; expiresOn: LabDay | null }
  | { state: 'missing'; name: string }
  | { state: 'expired'; name: string; expiredOn: LabDay };

export type Refusal = { rule: string; field: 'start' | 'minutes' | null; message: string };

/** The HTTP status of a refusal: 429 for a member booking too fast, 422 for a rule. */
export const refusalStatus = (refusal: Refusal) => (refusal.rule === 'rate' ? 429 : 422);

const refuse = (rule: string, field: Refusal['field'], message: string): Refusal => ({
  rule,
  field,
  message,
});

/** 'The lab is closed then.' unless [start, end) lies inside one day's opening hours (or any time). */
export function withinHours(hours: OpeningHours, start: Date, end: Date): boolean {
  if (hours === 'any') return true;
  const day = labDayOf(start);
  // A day that opens until midnight lets a booking end at the next midnight.
  const open = openingOn(hours, day);
  return !!open && start >= open.start && end <= open.end;
}

/** The instants a day opens and closes, or null when closed. */
export function openingOn(hours: OpeningHours, day: LabDay): { start: Date; end: Date } | null {
  if (hours === 'any') return { start: labTime(day, 0), end: labTime(addDays(day, 1), 0) };
  const times = hours[WEEKDAYS[weekdayOf(day)]!];
  if (!times || times.close <= times.open) return null;
  return {
    start: labTime(day, times.open),
    end: times.close >= 1440 ? labTime(addDays(day, 1), 0) : labTime(day, times.close),
  };
}

/** An out-of-service resource takes no bookings (its page says why). */
export const statusRefusal = (resource: { name: string; status: ResourceStatus }): Refusal | null =>
  resource.status === 'out_of_service'
    ? refuse('status', null, `${resource.name} is out of service and cannot be booked.`)
    : null;

export function inductionRefusal(standing: InductionStanding): Refusal | null {
  if (standing.state === 'missing')
    return refuse('induction', null, `You need the ${standing.name} to book this.`);
  if (standing.state === 'expired')
    return refuse('induction', null, `Your ${standing.name} expired on ${dateName(standing.expiredOn)}.`);
  return null;
}

/** Days before an induction expires from which its holder is told, and may ask for it again. */
export const RENEWAL_DAYS = 30;

/**
 * 'Your Laser Induction expires on 3 March 2027.' for a holder within RENEWAL_DAYS of the expiry
 * (their page offers 'Request an induction', as the expiry notice says); otherwise null.
 */
export function renewalText(standing: InductionStanding, now: Date): string | null {
  if (standing.state !== 'held' || !standing.expiresOn) return null;
  if (labTime(standing.expiresOn, 0).getTime() - now.getTime() > RENEWAL_DAYS * DAY_MS) return null;
  return `Your ${standing.name} expires on ${dateName(standing.expiresOn)}.`;
}

/** The rules a booking's time and length must pass, whoever books (not the member's limits). */
export function timeRefusal(rules: BookingRules, start: Date, minutes: number, now: Date): Refusal | null {
  if (Number.isNaN(start.getTime()))
    return refuse('start', 'start', 'Choose a start time from the calendar.');
  // The far and the past first: a start in 9999 is refused by the horizon before any lab-clock sum.
  if (start.getTime() < now.getTime()) return refuse('notice', 'start', 'That time has passed.');
  if (start.getTime() >= horizonEnd(rules, now).getTime())
    return refuse(
      'horizon',
      'start',
      `Bookings open ${duration(rules.horizonDays * 1440, { days: true })} ahead.`,
    );
  const opening = openingOn(rules.hours, labDayOf(start));
  const alignedFrom = rules.hours === 'any' || !opening ? labTime(labDayOf(start), 0) : opening.start;
  if (minutesBetween(alignedFrom, start) % rules.slotMinutes !== 0 || start.getTime() % 60_000 !== 0)
    return refuse('start', 'start', 'Choose a start time from the calendar.');
  if (!Number.isInteger(minutes) || minutes % rules.slotMinutes !== 0)
    return refuse('length', 'minutes', `A booking here lasts a whole number of ${slotName(rules)} slots.`);
  if (minutes < rules.minMinutes)
    return refuse('length', 'minutes', `A booking here lasts at least ${duration(rules.minMinutes)}.`);
  if (minutes > rules.maxMinutes)
    return refuse('length', 'minutes', `A booking here lasts at most ${duration(rules.maxMinutes)}.`);
  // Exact, not in rounded minutes: at 09:00:20 a 10:00 start is less than an hour ahead.
  if (start.getTime() - now.getTime() < rules.noticeMinutes * 60_000)
    return refuse('notice', 'start', `Book at least ${duration(rules.noticeMinutes)} ahead.`);
  if (!withinHours(rules.hours, start, addMinutes(start, minutes)))
    return refuse('hours', 'minutes', 'The lab is closed then.');
  return null;
}

/** Bookings may start before the end of the last day of the horizon (today counts as day one). */
export const horizonEnd = (rules: BookingRules, now: Date) =>
  labTime(addDays(labDayOf(now), rules.horizonDays), 0);

/** Said once on a resource's page to a member who may book no more there now, instead of links that each refuse. */
export function atLimitText(rules: BookingRules, held: { upcoming: number }): string | null {
  if (rules.maxUpcoming === null || held.upcoming < rules.maxUpcoming) return null;
  return `You have ${held.upcoming} upcoming booking${held.upcoming === 1 ? '' : 's'} here, the most allowed.`;
}

/** The member's own limits, given what they already hold (counted in the booking's transaction). */
export function limitRefusal(
  rules: BookingRules,
  minutes: number,
  held: { upcoming: number; weekMinutes: number },
): Refusal | null {
  if (rules.maxUpcoming !== null && held.upcoming >= rules.maxUpcoming)
    return refuse(
      'upcoming',
      null,
      `You already have ${held.upcoming} upcoming booking${held.upcoming === 1 ? '' : 's'} here, the most allowed.`,
    );
  if (rules.maxWeekMinutes !== null && held.weekMinutes + minutes > rules.maxWeekMinutes)
    return refuse(
      'week',
      'minutes',
      `That would take you past ${duration(rules.maxWeekMinutes)} this week here.`,
    );
  return null;
}

/** The cancellation cutoff, which a change of a booking keeps too (`verb`: 'changed'). */
export function cancelRefusal(
  rules: Pick<BookingRules, 'cancelCutoffMinutes'>,
  start: Date,
  now: Date,
  verb: 'cancelled' | 'changed' = 'cancelled',
): Refusal | null {
  if (start > now && start.getTime() - now.getTime() >= rules.cancelCutoffMinutes * 60_000) return null;
  return refuse(
    'cutoff',
    null,
    rules.cancelCutoffMinutes
      ? `Bookings can be ${verb} until ${duration(rules.cancelCutoffMinutes)} before they start.`
      : `Bookings can be ${verb} until they start.`,
  );
}

/** The lab week a booking counts in: the one it starts in (docs/product.md §10). */
export const countingWeek = (start: Date) => labWeek(start);

/** A busy range on a resource's calendar: a booking blocks its time plus the buffer after it. */
export interface Block {
  start: Date;
  end: Date;
  /** end plus the buffer: nobody else may start before it */
  blockedUntil: Date;
}

/** What a clash is judged by: where a block begins, and until when nobody else may start. */
export type Busy = Pick<Block, 'start' | 'blockedUntil'>;

/** Whether a booking [start, start+minutes) clashes with a block, buffers included on both sides. */
export function clashes(rules: BookingRules, start: Date, minutes: number, blocks: readonly Busy[]) {
  const until = addMinutes(start, minutes + rules.bufferMinutes).getTime();
  return blocks.some(
    (block) => block.start.getTime() < until && start.getTime() < block.blockedUntil.getTime(),
  );
}

/**
 * The lengths a booking starting at `start` may have: every rule, the calendar and what the member
 * may still book this week allow each one. Empty when none fits.
 */
export function allowedLengths(
  rules: BookingRules,
  start: Date,
  blocks: readonly Block[],
  weekMinutesLeft: number | null,
): number[] {
  const lengths: number[] = [];
  // The day's closing time is found once: each length is then compared, not looked up again.
  const closes = rules.hours === 'any' ? null : openingOn(rules.hours, labDayOf(start));
  if (closes && start < closes.start) return lengths;
  for (let minutes = shortest(rules); minutes <= rules.maxMinutes; minutes += rules.slotMinutes) {
    if (weekMinutesLeft !== null && minutes > weekMinutesLeft) break;
    if (rules.hours !== 'any' && (!closes || addMinutes(start, minutes) > closes.end)) break;
    if (clashes(rules, start, minutes, blocks)) break;
    lengths.push(minutes);
  }
  return lengths;
}

/** The shortest booking the rules allow, in whole slots. */
export const shortest = (rules: BookingRules) => ceilTo(rules.minMinutes, rules.slotMinutes);

/** Whether a booking of exactly `minutes` fits at `start`: opening hours and the calendar (buffers included). */
export const fits = (rules: BookingRules, start: Date, minutes: number, blocks: readonly Busy[]) =>
  withinHours(rules.hours, start, addMinutes(start, minutes)) && !clashes(rules, start, minutes, blocks);

/** '30-minute', '60-minute': a slot's length as an adjective. */
const slotName = (rules: BookingRules) => `${rules.slotMinutes}-minute`;

const ceilTo = (value: number, step: number) => Math.max(step, Math.ceil(value / step) * step);

/** The rules in plain words, for a resource's page. */
export function describeRules(rules: BookingRules): string[] {
  const lines = [
    `Bookings are made in ${slotName(rules)} slots, from ${duration(rules.minMinutes)} to ${duration(rules.maxMinutes)}.`,
  ];
  if (rules.bufferMinutes)
    lines.push(
      `After each booking, ${duration(rules.bufferMinutes)} stays free before the next one can start.`,
    );
  lines.push(
    rules.hours === 'any' ? 'Bookable any time, day or night.' : `Open ${openingText(rules.hours)}.`,
  );
  lines.push(
    rules.noticeMinutes
      ? `Book at least ${duration(rules.noticeMinutes)} ahead, and up to ${duration(rules.horizonDays * 1440, { days: true })} ahead.`
      : `Book up to ${duration(rules.horizonDays * 1440, { days: true })} ahead.`,
  );
  lines.push(
    rules.cancelCutoffMinutes
      ? `Cancel up to ${duration(rules.cancelCutoffMinutes)} before the start.`
      : 'Cancel any time before the start.',
  );
  if (rules.maxUpcoming !== null)
    lines.push(
      `Each member may hold ${rules.maxUpcoming} upcoming booking${rules.maxUpcoming === 1 ? '' : 's'} here.`,
    );
  if (rules.maxWeekMinutes !== null)
    lines.push(
      `Each member may book up to ${duration(rules.maxWeekMinutes)} here per week (Monday to Sunday; a booking counts in the week it starts).`,
    );
  if (rules.checkInGraceMinutes != null) lines.push(checkInRuleText(rules.checkInGraceMinutes));
  return lines;
}

/** 'Monday to Friday 09:00–18:00, Saturday 10:00–16:00': runs of days with the same hours. */
export function openingText(hours: Exclude<OpeningHours, 'any'>): string {
  const runs: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const times = hours[day];
    const text = times ? `${clock(times.open)}–${clock(times.close)}` : '';
    const last = runs.at(-1);
    if (last && last.text === text && WEEKDAYS.indexOf(last.to) === WEEKDAYS.indexOf(day) - 1) last.to = day;
    else runs.push({ from: day, to: day, text });
  }
  const open = runs.filter((run) => run.text);
  if (!open.length) return 'on no day yet';
  return open
    .map(
      (run) =>
        `${WEEKDAY_NAMES[run.from]}${run.to === run.from ? '' : ` to ${WEEKDAY_NAMES[run.to]}`} ${run.text}`,
    )
    .join(', ');
}
