// When a member is reminded (docs/product.md §10): of a booking 24 hours and 1 hour before it
// starts, and of an induction 30 and 7 days before it expires. Elapsed time, not the wall clock:
// on the days the clocks change, "24 hours before 10:00" is 09:00 or 11:00 the day before, and the
// mail states the start in Dublin time. A reminder whose time has passed is not queued.
import { RENEWAL_DAYS } from './rules';
import { DAY_MS, HOUR_MS } from '../time-units';

export const BOOKING_REMINDERS = [
  { name: '24h', before: 24 * HOUR_MS },
  { name: '1h', before: HOUR_MS },
] as const;

export const INDUCTION_NOTICES = [
  { name: '30d', before: RENEWAL_DAYS * DAY_MS },
  { name: '7d', before: 7 * DAY_MS },
] as const;

/** The reminders of something due at `due` that are still ahead of `now`, soonest last. */
export function remindersAhead<Name extends string>(
  schedule: readonly { name: Name; before: number }[],
  due: Date,
  now: Date,
): { name: Name; at: Date }[] {
  return schedule
    .map(({ name, before }) => ({ name, at: new Date(due.getTime() - before) }))
    .filter(({ at }) => at.getTime() > now.getTime());
}
