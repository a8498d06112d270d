// 'Find the next free time' (docs/product.md §10): the earliest starts where a booking of one length
// fits, on a machine and on its equivalents, within each one's horizon. Free means what the
// booking's transaction checks of a time (rules.ts: the slot grid, opening hours, notice, horizon,
// length, the buffer, the calendar); a member's own limits are left to the confirm page. One sweep:
// the day's slots are stepped through in order, and a busy stretch is jumped over whole, so a
// machine booked for a year costs one pass over its blocks, not every slot against every block.
import { clashes, horizonEnd, openingOn, shortest, timeRefusal, type BookingRules, type Busy } from './rules';
import { addDays, labDayOf } from './time';
import { MINUTE_MS } from '../time-units';

/** How many starts a search lists (at least five, issue 44). */
export const NEXT_FREE_COUNT = 8;

/** The lengths bookings of a machine may have, shortest first: what the search offers to pick. */
export function bookableLengths(rules: BookingRules): number[] {
  const lengths: number[] = [];
  for (let minutes = shortest(rules); minutes <= rules.maxMinutes; minutes += rules.slotMinutes)
    lengths.push(minutes);
  return lengths;
}

/** 'Choose a length from 30 to 240 minutes in 30-minute steps.': the one message for a length it does not allow. */
export function lengthChoiceText(rules: BookingRules): string {
  const lengths = bookableLengths(rules);
  if (lengths.length === 1) return `Choose ${lengths[0]} minutes: the only length here.`;
  return `Choose a length from ${lengths[0]} to ${lengths.at(-1)} minutes in ${rules.slotMinutes}-minute steps.`;
}

/** A block as the search reads it: [start, blockedUntil) in ms since the epoch. */
export interface Range {
  from: number;
  until: number;
}

export const rangeOf = (block: Busy): Range => ({
  from: block.start.getTime(),
  until: block.blockedUntil.getTime(),
});

/**
 * Stretches of time nobody else may start in, sorted and merged: a booking clashes with one of the
 * blocks exactly when it meets one of these.
 */
function busyStretches(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  const merged: Range[] = [];
  for (const stretch of sorted) {
    const last = merged.at(-1);
    if (last && stretch.from <= last.until) last.until = Math.max(last.until, stretch.until);
    else merged.push({ ...stretch });
  }
  return merged;
}

/**
 * The earliest `count` starts (at most) where a booking of `minutes` fits on one machine, from now
 * to its horizon: none when the rules do not allow that length. Every start also passes
 * timeRefusal() and fits the calendar (clashes()), the booking's own checks.
 */
export const nextFreeStarts = (
  rules: BookingRules,
  minutes: number,
  blocks: readonly Busy[],
  now: Date,
  count = NEXT_FREE_COUNT,
) => nextFreeIn(rules, minutes, blocks.map(rangeOf), now, count);

/** nextFreeStarts() over the blocks' ranges as numbers: what the store reads, with no Date made per row. */
export function nextFreeIn(
  rules: BookingRules,
  minutes: number,
  ranges: readonly Range[],
  now: Date,
  count = NEXT_FREE_COUNT,
): Date[] {
  if (!bookableLengths(rules).includes(minutes)) return [];
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE_MS;
  const latest = horizonEnd(rules, now).getTime();
  const step = rules.slotMinutes * MINUTE_MS;
  const length = minutes * MINUTE_MS;
  // The booking and the buffer after it: nobody may stand in either.
  const reach = (minutes + rules.bufferMinutes) * MINUTE_MS;
  const busy = busyStretches(ranges);
  const lastDay = addDays(labDayOf(now), rules.horizonDays);
  let next = 0;
  // No start before this: now plus the notice, then the end of each busy stretch met.
  let from = earliest;
  const found: Date[] = [];
  // Day by day on the lab's calendar: each day's slots start at its opening (midnight when open
  // any time) and step by elapsed minutes, so a day of 23 or 25 hours has that many hours of slots.
  // A stretch busy for weeks is passed in one step: the next day looked at is the one it ends on.
  for (let day = labDayOf(new Date(from)); found.length < count && day < lastDay;) {
    const opening = openingOn(rules.hours, day);
    if (opening) {
      const first = opening.start.getTime();
      const closes = opening.end.getTime();
      let slot = Math.max(0, Math.ceil((from - first) / step));
      while (found.length < count) {
        const at = first + slot * step;
        if (at >= closes || at >= latest) break;
        // Open any time, a booking may run past midnight; otherwise it ends by closing time.
        if (rules.hours !== 'any' && at + length > closes) break;
        while (next < busy.length && busy[next]!.until <= at) next++;
        const stretch = busy[next];
        if (stretch && stretch.from < at + reach) {
          // In the way: the first slot from which nothing of it is left.
          from = Math.max(from, stretch.until);
          slot = Math.max(slot + 1, Math.ceil((stretch.until - first) / step));
          continue;
        }
        found.push(new Date(at));
        slot++;
      }
    }
    const after = addDays(day, 1);
    const resumed = labDayOf(new Date(from));
    day = resumed > after ? resumed : after;
  }
  // The booking's own checks, once per start found: the sweep can never list what they refuse.
  return found.filter((start) => {
    const near = busy
      .filter((stretch) => stretch.from < start.getTime() + reach && start.getTime() < stretch.until)
      .map((stretch) => ({ start: new Date(stretch.from), blockedUntil: new Date(stretch.until) }));
    return !timeRefusal(rules, start, minutes, now) && !clashes(rules, start, minutes, near);
  });
}

/** One machine to search: what a start names, its rules and what stands on its calendar. */
export interface Searched<Machine> {
  machine: Machine;
  rules: BookingRules;
  ranges: readonly Range[];
}

/**
 * The earliest `count` starts over several machines (a machine and its equivalents), soonest
 * first; at the same time, in the order the machines were given (the one asked about first).
 */
export function nextFreeAcross<Machine>(
  machines: readonly Searched<Machine>[],
  minutes: number,
  now: Date,
  count = NEXT_FREE_COUNT,
): { machine: Machine; start: Date }[] {
  return machines
    .flatMap(({ machine, rules, ranges }, order) =>
      nextFreeIn(rules, minutes, ranges, now, count).map((start) => ({ machine, start, order })),
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.order - b.order)
    .slice(0, count)
    .map(({ machine, start }) => ({ machine, start }));
}
