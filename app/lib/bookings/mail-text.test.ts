import { describe, expect, test } from 'vitest';
import { checkInMailText, plansText } from './mail-text';
import { labTime } from './time';

// Tuesday 1 December 2026, 10:00 in Dublin (GMT); a two-hour cutoff.
const start = labTime('2026-12-01', 10 * 60);
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const booked = { start: start.toISOString(), status: 'active' as const };
const cutoff = { cancelCutoffMinutes: 120, checkInGraceMinutes: null };

describe('the words a confirmation and a reminder use', () => {
  test('before the cutoff: cancel, free until when; past it: a release is a late-cancel strike', () => {
    expect(plansText(booked, cutoff, at(-24 * 60))).toBe(
      'Plans changed? Cancel it from My bookings so someone else can use the time. That costs nothing until Tuesday 1 December 2026, 08:00; after that, releasing it counts as a late-cancel strike.',
    );
    expect(plansText(booked, cutoff, at(-60))).toBe(
      'Can’t come? Release it from My bookings so someone else can use the time. Past the cutoff that counts as a late-cancel strike, waived if someone else books the time before it starts.',
    );
    expect(plansText(booked, { cancelCutoffMinutes: 0 }, at(-60))).toBe(
      'Plans changed? Cancel it from My bookings before it starts so someone else can use the time.',
    );
    expect(plansText(booked, cutoff, at(1))).toBeNull();
  });

  test('check-in: where, from when to when, and what happens otherwise', () => {
    const here = 'https://lab.example/resources/laser/here';
    expect(checkInMailText(booked.start, 15, here)).toBe(
      'Check in at the machine between 09:45 and 10:15: scan its QR code, or open https://lab.example/resources/laser/here. If nobody checks in by 10:15, the booking is released for others and counts as a no-show strike.',
    );
    expect(checkInMailText(booked.start, 30, here)).toContain('between 09:45 and 10:30');
    expect(checkInMailText(booked.start, null, here)).toBeNull();
  });
});
