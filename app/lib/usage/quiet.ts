// A resource's quiet hours (docs/product.md §11): from the last eight weeks' open and booked minutes
// per hour of the week, the share of each open hour that was booked, and in words the hours that
// are usually free. Anonymous: only minutes, never who.
import { WEEKDAY_NAMES, WEEKDAYS } from '~/lib/bookings/week';

/** The weeks quiet hours are drawn from: the eight full lab weeks before this one. */
export const QUIET_WEEKS = 8;

export type HourCell = { open: number; booked: number } | null;

/** Under a quarter booked: 'usually free'. */
export const QUIET_SHARE = 0.25;

/** Each open hour's booked share (0 … 1); null where it was never open. */
export const busyShares = (grid: readonly (readonly HourCell[])[]) =>
  grid.map((day) => day.map((cell) => (cell ? Math.min(1, cell.booked / cell.open) : null)));

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The usually free hours in words, a day per line: 'Monday: 09:00–12:00, 15:00–17:00'. A day with
 * none says so; a day never open is left out.
 */
export function quietLines(shares: readonly (readonly (number | null)[])[]): string[] {
  return shares.flatMap((day, d) => {
    if (day.every((share) => share === null)) return [];
    const ranges: string[] = [];
    let from: number | null = null;
    for (let hour = 0; hour <= 24; hour++) {
      const share = hour < 24 ? day[hour] : null;
      const quiet = share !== null && share !== undefined && share < QUIET_SHARE;
      if (quiet && from === null) from = hour;
      if (!quiet && from !== null) {
        ranges.push(`${clock(from)}–${hour === 24 ? '24:00' : clock(hour)}`);
        from = null;
      }
    }
    const name = WEEKDAY_NAMES[WEEKDAYS[d]!];
    return [`${name}: ${ranges.length ? ranges.join(', ') : 'usually busy'}`];
  });
}
