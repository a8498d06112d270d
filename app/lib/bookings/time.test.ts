import { describe, expect, test } from 'vitest';
import {
  addDays,
  addLabMonths,
  dateName,
  duration,
  labClock,
  labDayOf,
  labTime,
  labWeek,
  longDayName,
  parseLabDay,
  weekdayOf,
} from './time';

describe('lab time (Europe/Dublin)', () => {
  test('winter is UTC, summer is an hour ahead', () => {
    expect(labTime('2027-01-15', 9 * 60).toISOString()).toBe('2027-01-15T09:00:00.000Z');
    expect(labTime('2027-07-15', 9 * 60).toISOString()).toBe('2027-07-15T08:00:00.000Z');
    expect(labClock(new Date('2027-07-15T08:00:00Z'))).toBe('09:00');
    expect(labDayOf(new Date('2027-07-15T23:30:00Z'))).toBe('2027-07-16');
  });

  test('the last Sunday of March has 23 hours, the last Sunday of October 25', () => {
    const hours = (day: string) =>
      (labTime(addDays(day, 1), 0).getTime() - labTime(day, 0).getTime()) / 3_600_000;
    expect(hours('2027-03-28')).toBe(23);
    expect(hours('2027-10-31')).toBe(25);
    expect(hours('2027-03-27')).toBe(24);
  });

  test('a skipped time is read after the gap; a repeated time is the first of the two', () => {
    // 28 March 2027: 01:00 GMT becomes 02:00 IST.
    expect(labTime('2027-03-28', 90).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // 31 October 2027: 02:00 IST becomes 01:00 GMT; 01:30 happens at 00:30Z and at 01:30Z.
    expect(labTime('2027-10-31', 90).toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });

  test('weeks run Monday to Sunday in Dublin', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
    // Sunday 23:30 in summer is still that week; Monday 00:30 Dublin (Sunday 23:30Z) is the next.
    const week = labWeek(new Date('2027-07-11T22:30:00Z'));
    expect(week.start.toISOString()).toBe('2027-07-04T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2027-07-11T23:00:00.000Z');
    expect(labWeek(new Date('2027-07-11T23:30:00Z')).start.toISOString()).toBe('2027-07-11T23:00:00.000Z');
  });

  test('days and durations in words; only real dates parse', () => {
    expect(longDayName('2026-11-25')).toBe('Wednesday 25 November 2026');
    expect(dateName('2027-03-03')).toBe('3 March 2027');
    expect(duration(60)).toBe('1 hour');
    expect(duration(90)).toBe('1 hour 30 minutes');
    expect(duration(30)).toBe('30 minutes');
    expect(duration(14 * 1440, { days: true })).toBe('14 days');
    expect(parseLabDay('2027-02-29')).toBeNull();
    expect(parseLabDay('2028-02-29')).toBe('2028-02-29');
    expect(parseLabDay('2027-1-1')).toBeNull();
    expect(parseLabDay("2027-01-01' or 1=1")).toBeNull();
  });

  test('months later on the lab calendar: summer midnight, short months, a clock change between', () => {
    // 00:30 IST on 31 March 2027 is 23:30 UTC on 30 March: one month later is 30 April, 00:30 IST.
    expect(addLabMonths(new Date('2027-03-30T23:30:00Z'), 1).toISOString()).toBe('2027-04-29T23:30:00.000Z');
    expect(labDayOf(addLabMonths(new Date('2027-03-30T23:30:00Z'), 1))).toBe('2027-04-30');
    expect(addLabMonths(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    // 10:00 GMT in February, twelve months on: 10:00 GMT; in July: 10:00 IST (09:00 UTC).
    expect(addLabMonths(new Date('2027-02-03T10:00:00Z'), 12).toISOString()).toBe('2028-02-03T10:00:00.000Z');
    expect(addLabMonths(new Date('2027-02-03T10:00:00Z'), 5).toISOString()).toBe('2027-07-03T09:00:00.000Z');
  });
});
