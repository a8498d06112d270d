import { expect, test } from 'vitest';
import { isoDay, longDate } from './dates';

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

test('long date for the post view', () => {
  expect(longDate('2025-03-03T12:00:00Z')).toBe('3 March 2025');
  expect(longDate('garbage')).toBe('');
});
