import { expect, test } from 'vitest';
import { isoDay, longDate } from './dates';
import { waitedText } from './waited';

test('created_at shows as YYYY-MM-DD in Dublin time', () => {
  expect(isoDay('2026-10-28T10:15:00Z')).toBe('2026-10-28');
  // 23:30 UTC in summer is already the next day in Dublin (IST, UTC+1).
  expect(isoDay('2026-07-01T23:30:00Z')).toBe('2026-07-02');
});

test("a missing or unreadable date shows today's date", () => {
  const now = new Date('2026-11-22T12:00:00Z');
  expect(isoDay(undefined, now)).toBe('2026-11-22');
  expect(isoDay(null, now)).toBe('2026-11-22');
  expect(isoDay('not a date', now)).toBe('2026-11-22');
});

test('a date shows the same day every time, past the remembered ones too', () => {
  const start = Date.parse('2020-01-01T12:00:00Z');
  const dates = Array.from({ length: 5000 }, (_, i) => new Date(start + i * 86_400_000).toISOString());
  const first = dates.map((date) => isoDay(date));
  expect(dates.map((date) => isoDay(date))).toEqual(first);
  expect(first[0]).toBe('2020-01-01');
  expect(first[4999]).toBe('2033-09-08');
  // Today's date is never remembered for an unreadable one.
  expect(isoDay('not a date', new Date('2026-01-02T12:00:00Z'))).toBe('2026-01-02');
  expect(isoDay('not a date', new Date('2026-01-03T12:00:00Z'))).toBe('2026-01-03');
});

test('long date for the post view', () => {
  expect(longDate('2025-03-03T12:00:00Z')).toBe('3 March 2025');
  expect(longDate('garbage')).toBe('');
});

test('waitedText: how long the oldest due job has waited, roughly', () => {
  expect(waitedText(0)).toBe('nothing waits');
  expect(waitedText(1)).toBe('1 second');
  expect(waitedText(59)).toBe('59 seconds');
  expect(waitedText(60)).toBe('1 minute');
  expect(waitedText(3599)).toBe('59 minutes');
  expect(waitedText(7200)).toBe('2 hours');
  expect(waitedText(200_000)).toBe('2 days');
});
