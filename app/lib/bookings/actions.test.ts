import { describe, expect, test } from 'vitest';
import { openActions } from './actions';
import { labTime } from './time';

// Tuesday 1 December 2026, 10:00 in Dublin (GMT); a two-hour cutoff.
const start = labTime('2026-12-01', 10 * 60);
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const booked = { start: start.toISOString(), status: 'active' as const };
const cutoff = { cancelCutoffMinutes: 120, checkInGraceMinutes: null };
const checkIn = { cancelCutoffMinutes: 120, checkInGraceMinutes: 15 };

/** The actions open, by name, as /bookings offers them. */
const named = (actions: ReturnType<typeof openActions>) =>
  (['change', 'cancel', 'release', 'checkIn', 'checkOut'] as const).filter((name) => actions[name]);

describe('what a member can do with a booking now', () => {
  test('change and cancel until the cutoff, release from it until the start, nothing once begun', () => {
    expect(named(openActions(booked, cutoff, at(-121)))).toEqual(['change', 'cancel']);
    expect(named(openActions(booked, cutoff, at(-120)))).toEqual(['change', 'cancel']);
    const late = openActions(booked, cutoff, at(-119));
    expect(named(late)).toEqual(['release']);
    expect(late.cutoff).toBe('Bookings can be cancelled until 2 hours before they start.');
    expect(named(openActions(booked, cutoff, at(-0.01)))).toEqual(['release']);
    expect(named(openActions(booked, cutoff, at(0)))).toEqual([]);
    // No cutoff: cancel until the start, never a late release.
    expect(named(openActions(booked, { cancelCutoffMinutes: 0 }, at(-1)))).toEqual(['change', 'cancel']);
    expect(named(openActions(booked, { cancelCutoffMinutes: 0 }, at(0)))).toEqual([]);
  });

  test('check in inside the window on a machine that needs it; check out once checked in', () => {
    expect(named(openActions(booked, checkIn, at(-16)))).toEqual(['release']);
    expect(openActions(booked, checkIn, at(-16)).checkInWindow).toEqual({ opens: at(-15), closes: at(15) });
    expect(named(openActions(booked, checkIn, at(-15)))).toEqual(['release', 'checkIn']);
    expect(openActions(booked, checkIn, at(-15)).checkInWindow).toBeNull();
    expect(named(openActions(booked, checkIn, at(14)))).toEqual(['checkIn']);
    expect(named(openActions(booked, checkIn, at(15)))).toEqual([]);
    expect(named(openActions(booked, cutoff, at(-5)))).toEqual(['release']);
    const checkedIn = { ...booked, status: 'checked_in' as const };
    expect(named(openActions(checkedIn, checkIn, at(-10)))).toEqual(['checkOut']);
    expect(named(openActions({ ...booked, status: 'no_show' }, checkIn, at(16)))).toEqual([]);
    expect(named(openActions({ ...booked, status: 'cancelled' }, checkIn, at(-200)))).toEqual([]);
  });
});
