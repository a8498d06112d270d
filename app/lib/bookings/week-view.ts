// How a resource's page shows its week (docs/product.md §10). A run of slots in one state nobody can
// book collapses into one line ('09:00–11:30 Booked'), so a week of 30-minute slots round the clock
// (336 slots) stays a small page; each free slot stays a link of its own.
import type { BookingRules } from './rules';
import type { Day, SlotState } from './slots';
import {
  addDays,
  addMinutes,
  labClockZoned,
  labDayOf,
  labTime,
  parseLabDay,
  shortDayName,
  type LabDay,
} from './time';

export type SlotLine =
  | { state: 'free'; start: string; time: string }
  | { state: Exclude<SlotState, 'free'>; start: string; from: string; until: string };

/** 'HH:MM' a slot ends, 24:00 for the next midnight (with its zone in the hour the clocks repeat). */
const endClock = (start: string, minutes: number) => {
  const clock = labClockZoned(addMinutes(new Date(start), minutes));
  return clock === '00:00' ? '24:00' : clock;
};

export function slotLines(day: Day, slotMinutes: number): SlotLine[] {
  const lines: SlotLine[] = [];
  for (const slot of day.slots) {
    const last = lines.at(-1);
    if (slot.state === 'free') lines.push({ state: 'free', start: slot.start, time: slot.time });
    else if (last && last.state === slot.state) last.until = endClock(slot.start, slotMinutes);
    else
      lines.push({
        state: slot.state,
        start: slot.start,
        from: slot.time,
        until: endClock(slot.start, slotMinutes),
      });
  }
  return lines;
}

/**
 * When a week's page stops being true with nothing written: the next moment a shown slot falls
 * inside the notice period (it turns 'Too soon') or starts (it turns 'Past'), or the lab's next midnight (today moves on, and one
 * more day opens for booking). The render cache serves the page until then and no longer.
 */
export function nextChange(rules: BookingRules, days: readonly Day[], now: Date): Date {
  let next = labTime(addDays(labDayOf(now), 1), 0);
  for (const day of days)
    for (const slot of day.slots) {
      // A slot turns 'Too soon' when the notice period reaches it, and 'Past' when it starts.
      for (const turns of [addMinutes(new Date(slot.start), -rules.noticeMinutes), new Date(slot.start)])
        if (turns > now && turns < next) next = turns;
    }
  return next;
}

/** `?day=` that shows every day of the week on a phone too. */
export const WHOLE_WEEK = 'week';

/**
 * The day a phone shows of the week from `from` (docs/product.md §10): `?day=` when it is one of
 * the week's seven days, null for the whole week (`?day=week`), else the week's first day. A week
 * of 15-minute slots round the clock is 9,000 px tall at 375 px; one day of it fits a few screens.
 */
export function chosenDay(param: string | null, from: LabDay): LabDay | null {
  if (param === WHOLE_WEEK) return null;
  const day = parseLabDay(param);
  return day && day >= from && day <= addDays(from, 6) ? day : from;
}

/**
 * The links of the day chooser: each day of the week from `from` ('Fri' over '27 Nov', to sit
 * four to a row on a phone), then the whole week.
 */
export function dayChoices(from: LabDay, chosen: LabDay | null) {
  return [
    ...Array.from({ length: 7 }, (_, index) => {
      const day = addDays(from, index);
      const [weekday = '', ...date] = shortDayName(day).split(' ');
      return { day, label: [weekday, date.join(' ')], current: day === chosen };
    }),
    { day: WHOLE_WEEK, label: ['Whole week'], current: chosen === null },
  ];
}
