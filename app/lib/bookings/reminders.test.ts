import { describe, expect, test } from 'vitest';
import { BOOKING_REMINDERS, INDUCTION_NOTICES, remindersAhead } from './reminders';
import { labClock, labDayOf, labTime } from './time';

/** Each reminder as the lab's day and clock. */
const onLabClock = (reminders: { name: string; at: Date }[]) =>
  reminders.map(({ name, at }) => `${name} ${labDayOf(at)} ${labClock(at)}`);

describe('booking reminders, 24 hours and 1 hour before, in elapsed time', () => {
  const longAgo = new Date('2020-01-01T00:00:00Z');
  test.each([
    // Spring forward (01:00 GMT becomes 02:00 IST): the day before is 23 hours long.
    ['2026-03-29', ['24h 2026-03-28 09:00', '1h 2026-03-29 09:00']],
    ['2027-03-28', ['24h 2027-03-27 09:00', '1h 2027-03-28 09:00']],
    // Fall back (02:00 IST becomes 01:00 GMT): the day before is 25 hours long.
    ['2026-10-25', ['24h 2026-10-24 11:00', '1h 2026-10-25 09:00']],
    ['2027-10-31', ['24h 2027-10-30 11:00', '1h 2027-10-31 09:00']],
    // An ordinary day: the same clock the day before.
    ['2026-12-01', ['24h 2026-11-30 10:00', '1h 2026-12-01 09:00']],
  ])('a booking at 10:00 on %s', (day, expected) => {
    const start = labTime(day, 10 * 60);
    expect(onLabClock(remindersAhead(BOOKING_REMINDERS, start, longAgo))).toEqual(expected);
  });

  test('a reminder whose time has passed is not queued', () => {
    const start = labTime('2026-12-01', 10 * 60);
    const booked = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * 3_600_000);
    expect(remindersAhead(BOOKING_REMINDERS, start, booked(30)).map((r) => r.name)).toEqual(['24h', '1h']);
    expect(remindersAhead(BOOKING_REMINDERS, start, booked(24)).map((r) => r.name)).toEqual(['1h']);
    expect(remindersAhead(BOOKING_REMINDERS, start, booked(3)).map((r) => r.name)).toEqual(['1h']);
    expect(remindersAhead(BOOKING_REMINDERS, start, booked(1))).toEqual([]);
    expect(remindersAhead(BOOKING_REMINDERS, start, booked(0.5))).toEqual([]);
  });
});

test('induction notices 30 and 7 days before it expires', () => {
  const expires = labTime('2027-04-10', 15 * 60);
  expect(onLabClock(remindersAhead(INDUCTION_NOTICES, expires, new Date('2027-01-01T00:00:00Z')))).toEqual([
    // 30 days of elapsed time across the spring change: 14:00 on the lab's clock.
    '30d 2027-03-11 14:00',
    '7d 2027-04-03 15:00',
  ]);
  expect(remindersAhead(INDUCTION_NOTICES, expires, new Date('2027-04-05T00:00:00Z'))).toEqual([]);
});
