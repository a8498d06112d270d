// Lengths of elapsed time in milliseconds, written once. A lab day on the clock is not DAY_MS: the
// days the clocks change have 23 and 25 hours (app/lib/bookings/time.ts counts those).
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
