import { labOffset } from '~/lib/bookings/time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The lab's clocks change only on a whole UTC hour: one offset per hour is exact, and a year of
// bookings asks Intl about 9,000 hours instead of once per booked hour.
const offsets = new Map<number, number>();
export function offsetAt(ms: number) {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, (offset = labOffset(hour * HOUR_MS)));
  }
  return offset;
}

/** A 7 × 24 grid (Monday 0 … Sunday 6, lab hours 0 … 23) of minutes, all zero. */
export const emptyHeatMap = (): number[][] => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

/**
 * Adds the minutes of [start, end) (milliseconds since the epoch) to the Europe/Dublin hour of the week each minute falls in,
 * minute-exactly: an hour the clocks repeat (01:00 on the last Sunday of October) gets both of
 * its real hours, an hour they skip gets none.
 */
export function addToHeatMap(grid: number[][], start: number, end: number): number[][] {
  let ms = Math.ceil(start / MINUTE_MS) * MINUTE_MS;
  const stop = end;
  while (ms < stop) {
    const offset = offsetAt(ms);
    const local = ms + offset * MINUTE_MS;
    const hour = Math.floor(local / HOUR_MS) % 24;
    // The end of this wall-clock hour, in real time; never past the next offset change's hour.
    const hourEnd = Math.min(stop, local - (local % HOUR_MS) + HOUR_MS - offset * MINUTE_MS);
    // 1 January 1970 was a Thursday (3, counting from Monday 0).
    const day = (Math.floor(local / DAY_MS) + 3) % 7;
    grid[day]![hour]! += Math.round((hourEnd - ms) / MINUTE_MS);
    ms = hourEnd;
  }
  return grid;
}
