// The lab's week and clock as plain values (no dates, no time zone): what forms need to show opening
// hours and slot lengths, kept apart from rules.ts and time.ts so a form loads neither.
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const SLOT_LENGTHS = [15, 30, 60] as const;

/** Minutes after midnight as 'HH:MM'; 1440 and later, the end of the day, as '24:00'. */
export const clockText = (minutes: number) =>
  minutes >= 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
