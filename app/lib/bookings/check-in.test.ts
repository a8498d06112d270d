import { expect, test } from 'vitest';
import { checkInRefusal, checkInWindow } from './check-in';
import { labTime } from './time';

const start = labTime('2026-12-01', 10 * 60);
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const active = { start: start.toISOString(), status: 'active' as const };

test('check-in opens 15 minutes before the start and closes at the start plus the grace', () => {
  expect(checkInWindow(start, 15)).toEqual({ opens: at(-15), closes: at(15) });
  expect(checkInRefusal(active, 15, at(-16))).toBe('Check-in opens at 09:45.');
  expect(checkInRefusal(active, 15, at(-15))).toBeNull();
  expect(checkInRefusal(active, 15, at(14.99))).toBeNull();
  expect(checkInRefusal(active, 15, at(15))).toBe('Check-in closed at 10:15.');
  expect(checkInRefusal(active, 30, at(20))).toBeNull();
});

test('a booking already checked in, released or over says so', () => {
  expect(checkInRefusal({ ...active, status: 'checked_in' }, 15, at(0))).toBe('You are checked in.');
  expect(checkInRefusal({ ...active, status: 'no_show' }, 15, at(16))).toBe(
    'This booking was released because nobody checked in.',
  );
  expect(checkInRefusal({ ...active, status: 'checked_out' }, 15, at(0))).toBe('This booking is over.');
  expect(checkInRefusal({ ...active, status: 'cancelled' }, 15, at(0))).toBe('This booking was cancelled.');
});
