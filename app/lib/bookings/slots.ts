// A resource's calendar as its page shows it (docs/product.md §10): each day of a week cut into slots
// from opening to closing time (a lab day of 23 or 25 hours has that many hours of slots), each
// slot free, booked, the viewer's own (or their own released one), maintenance, closed, past or not
// open for booking yet.
import {
  clashes,
  fits,
  horizonEnd,
  openingOn,
  shortest,
  type Block,
  type BookingRules,
  type Refusal,
} from './rules';
import {
  addDays,
  addMinutes,
  duration,
  labClockZoned,
  labDayOf,
  labOffset,
  minutesBetween,
  type LabDay,
} from './time';

/** Every state a slot can be in (the API's schema lists them). */
export const SLOT_STATES = [
  'free',
  'booked',
  'mine',
  'released',
  'maintenance',
  'closed',
  'past',
  'soon',
  'short',
  'later',
] as const;

export type SlotState = (typeof SLOT_STATES)[number];

export const SLOT_TEXT: Record<SlotState, string> = {
  free: 'Free',
  booked: 'Booked',
  mine: 'Your booking',
  /** the viewer's own booking, released because nobody checked in: the minutes it held */
  released: 'Released: nobody checked in',
  maintenance: 'Maintenance',
  closed: 'Closed',
  past: 'Past',
  /** ahead, but inside the notice period */
  soon: 'Too soon',
  /** nothing stands there, but the shortest booking does not fit before closing or the next booking */
  short: 'Too short',
  later: 'Not open for booking yet',
};

export interface Slot {
  /** ISO instant, the `start` a booking link carries */
  start: string;
  /** 'HH:MM' on the lab's clock */
  time: string;
  state: SlotState;
}

export interface Day {
  day: LabDay;
  /** true when the day has slots at all (false: closed all day) */
  open: boolean;
  slots: Slot[];
}

/** What is on a resource's calendar: bookings (the viewer's marked) and maintenance blocks. */
export interface CalendarBlock extends Block {
  kind: 'booking' | 'maintenance';
  mine: boolean;
  /** released because nobody checked in: its member sees it so, everyone else 'Booked' */
  released?: boolean;
}

export function weekOfSlots(
  rules: BookingRules,
  from: LabDay,
  blocks: readonly CalendarBlock[],
  now: Date,
  days = 7,
): Day[] {
  return Array.from({ length: days }, (_, index) => daySlots(rules, addDays(from, index), blocks, now));
}

export function daySlots(rules: BookingRules, day: LabDay, blocks: readonly CalendarBlock[], now: Date): Day {
  const opening = openingOn(rules.hours, day);
  if (!opening) return { day, open: false, slots: [] };
  const opensFor = horizonEnd(rules, now);
  const earliest = addMinutes(now, rules.noticeMinutes);
  const slots: Slot[] = [];
  const count = Math.floor(minutesBetween(opening.start, opening.end) / rules.slotMinutes);
  // On a day the clocks do not change, every slot's clock time is its instant plus one offset
  // (asking Intl for each of a week's 336 slots was most of the week's cost).
  const offset = labOffset(opening.start.getTime());
  const steady = offset === labOffset(opening.end.getTime() - 1);
  for (let index = 0; index < count; index++) {
    const start = addMinutes(opening.start, index * rules.slotMinutes);
    const end = addMinutes(start, rules.slotMinutes);
    const time = steady ? addMinutes(start, offset).toISOString().slice(11, 16) : labClockZoned(start);
    slots.push({ start: start.toISOString(), time, state: stateOf(start, end) });
  }
  return { day, open: true, slots };

  function stateOf(start: Date, end: Date): SlotState {
    // What stands in the slot itself comes first: a booking is shown as booked even once it has begun.
    const inSlot = blocks.find((block) => block.start < end && start < block.end);
    if (inSlot) {
      if (inSlot.kind === 'maintenance') return 'maintenance';
      if (!inSlot.mine) return 'booked';
      return inSlot.released ? 'released' : 'mine';
    }
    if (start < now) return 'past';
    if (start < earliest) return 'soon';
    if (start >= opensFor) return 'later';
    // Inside the buffer kept free after a booking: that booking's time.
    if (blocks.some((block) => block.end <= start && start < block.blockedUntil)) return 'booked';
    // Free only when a booking of the shortest length can start here (buffers and closing time
    // included; the day's closing time is known, so it is compared, not looked up per slot);
    // otherwise the gap is too short, not booked.
    const minutes = shortest(rules);
    if (rules.hours !== 'any' && addMinutes(start, minutes) > opening!.end) return 'short';
    return clashes(rules, start, minutes, blocks) ? 'short' : 'free';
  }
}

export const TAKEN_MESSAGE = 'That slot was just taken.';

/**
 * Why a booking of `minutes` at `start` does not fit the calendar, in words: 'That slot was just
 * taken.' only when another member's booking stands in it; the viewer's own booking (a second tab,
 * a second click), a maintenance block or a buffer is named as what it is.
 */
export function inTheWay(
  rules: BookingRules,
  start: Date,
  minutes: number,
  blocks: readonly CalendarBlock[],
): Refusal {
  const end = addMinutes(start, minutes);
  const over = blocks.filter((block) => block.start < end && start < block.end);
  if (over.some((block) => block.kind === 'booking' && block.mine))
    return { rule: 'mine', field: null, message: 'You already booked this.' };
  if (over.some((block) => block.kind === 'maintenance'))
    return { rule: 'maintenance', field: 'start', message: 'That time is blocked for maintenance.' };
  if (!over.length && rules.bufferMinutes)
    return {
      rule: 'buffer',
      field: 'start',
      message: `After each booking, ${duration(rules.bufferMinutes)} stays free before the next one can start.`,
    };
  return { rule: 'taken', field: 'start', message: TAKEN_MESSAGE };
}

/** The lab day a week view starts on: `?from=` when it is a real day, else today. */
export const weekStart = (from: LabDay | null, now: Date): LabDay => from ?? labDayOf(now);

/**
 * The free starts nearest to `start` (before or after) where a booking of `minutes` fits, for the
 * loser of a race: what to pick instead.
 */
export function nearestFree(
  rules: BookingRules,
  start: Date,
  minutes: number,
  blocks: readonly Block[],
  now: Date,
  count = 3,
): Date[] {
  const earliest = addMinutes(now, rules.noticeMinutes);
  const latest = horizonEnd(rules, now);
  const found: Date[] = [];
  const step = rules.slotMinutes;
  const candidates: Date[] = [];
  // Two days either side, in slot steps from the day's first slot.
  for (let offset = -2; offset <= 2; offset++) {
    const day = addDays(labDayOf(start), offset);
    const opening = openingOn(rules.hours, day);
    if (!opening) continue;
    for (let at = opening.start; at < opening.end; at = addMinutes(at, step)) candidates.push(at);
  }
  candidates.sort(
    (a, b) => Math.abs(a.getTime() - start.getTime()) - Math.abs(b.getTime() - start.getTime()),
  );
  for (const candidate of candidates) {
    if (found.length >= count) break;
    if (candidate < earliest || candidate >= latest || candidate.getTime() === start.getTime()) continue;
    if (fits(rules, candidate, minutes, blocks)) found.push(candidate);
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}
