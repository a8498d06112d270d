import { labDayOf, labOffset, weekdayOf } from '~/lib/bookings/time';

const MINUTE_MS = 60_000;

/** A 7 × 24 grid (Monday 0 … Sunday 6, lab hours 0 … 23) of minutes, all zero. */
export const emptyHeatMap = (): number[][] => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

/**
 * Adds the minutes of [start, end) to the Europe/Dublin hour of the week each minute falls in,
 * minute-exactly: an hour the clocks repeat (01:00 on the last Sunday of October) gets both of
 * its real hours, an hour they skip gets none.
 */
export function addToHeatMap(grid: number[][], start: Date, end: Date): number[][] {
  let ms = Math.ceil(start.getTime() / MINUTE_MS) * MINUTE_MS;
  const stop = end.getTime();
  while (ms < stop) {
    const offset = labOffset(ms);
    const local = ms + offset * MINUTE_MS;
    const hour = new Date(local).getUTCHours();
    // The end of this wall-clock hour, in real time; never past the next offset change's hour.
    const hourEnd = Math.min(stop, local - (local % (60 * MINUTE_MS)) + 60 * MINUTE_MS - offset * MINUTE_MS);
    const day = weekdayOf(labDayOf(new Date(ms)));
    grid[day]![hour]! += Math.round((hourEnd - ms) / MINUTE_MS);
    ms = hourEnd;
  }
  return grid;
}
