import { describe, expect, test } from 'vitest';
import { labClockZoned } from './time';
import { offerHoldUntil, offerMode, offerSpan, placeText } from './waitlist';

const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

describe('an offer holds the time', () => {
  test('60 minutes, or half the time left before the start if less', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    expect(minutes(now, offerHoldUntil(new Date('2026-12-01T15:00:00Z'), now))).toBe(60);
    expect(minutes(now, offerHoldUntil(new Date('2026-12-01T11:00:00Z'), now))).toBe(60);
    expect(minutes(now, offerHoldUntil(new Date('2026-12-01T10:40:00Z'), now))).toBe(50);
  });

  test('across 29 March 2026 (clocks forward) in elapsed minutes', () => {
    // 00:40 GMT; the start, 03:00 IST, is 80 elapsed minutes away though the clock says 140.
    const now = new Date('2026-03-29T00:40:00Z');
    const start = new Date('2026-03-29T02:00:00Z');
    expect(labClockZoned(start)).toBe('03:00');
    const until = offerHoldUntil(start, now);
    expect(minutes(now, until)).toBe(40);
    expect(labClockZoned(until)).toBe('02:20');
    // A start far off: 60 elapsed minutes, 00:50 GMT to 02:50 IST on the clock.
    const early = new Date('2026-03-29T00:50:00Z');
    expect(minutes(early, offerHoldUntil(new Date('2026-03-29T10:00:00Z'), early))).toBe(60);
    expect(labClockZoned(offerHoldUntil(new Date('2026-03-29T10:00:00Z'), early))).toBe('02:50');
  });

  test('across 25 October 2026 (clocks back) in elapsed minutes, the hour told IST or GMT', () => {
    // 01:30 IST; an hour later the clock shows 01:30 again, GMT.
    const now = new Date('2026-10-25T00:30:00Z');
    const until = offerHoldUntil(new Date('2026-10-25T09:00:00Z'), now);
    expect(minutes(now, until)).toBe(60);
    expect(labClockZoned(now)).toBe('01:30 IST');
    expect(labClockZoned(until)).toBe('01:30 GMT');
  });
});

describe('under 90 minutes before the start nothing is held', () => {
  const now = new Date('2026-12-01T09:00:00Z');
  test.each([
    ['2026-12-01T10:31:00Z', 'hold'],
    ['2026-12-01T10:30:00Z', 'hold'],
    ['2026-12-01T10:29:00Z', 'everyone'],
    ['2026-12-01T09:00:00Z', 'gone'],
  ])('a start at %s: %s', (start, mode) => {
    expect(offerMode(new Date(start), now)).toBe(mode);
  });
});

describe('the time a wait is offered', () => {
  const rules = { slotMinutes: 30, minMinutes: 30, maxMinutes: 120, bufferMinutes: 0 };
  test('an exact slot: the freed time itself', () => {
    expect(
      offerSpan({
        freed: { start: 600, end: 660 },
        busy: [],
        window: { start: 600, end: 660 },
        minMinutes: 60,
        rules,
      }),
    ).toEqual({ start: 600, end: 660 });
  });

  test('a window: clipped to it and to the longest booking, from a slot boundary', () => {
    expect(
      offerSpan({
        freed: { start: 600, end: 900 },
        busy: [],
        window: { start: 615, end: 840 },
        minMinutes: 60,
        rules,
      }),
    ).toEqual({ start: 630, end: 750 });
  });

  test('past the time booked again since it was freed; none when too little is left', () => {
    const busy = [{ start: 600, end: 660 }];
    const wait = { window: { start: 540, end: 720 }, minMinutes: 60, rules };
    expect(offerSpan({ freed: { start: 600, end: 720 }, busy, ...wait })).toEqual({ start: 660, end: 720 });
    expect(offerSpan({ freed: { start: 600, end: 720 }, busy, ...wait, minMinutes: 90 })).toBeNull();
  });

  test('leaves its buffer free before the next block', () => {
    const buffered = { ...rules, bufferMinutes: 15 };
    expect(
      offerSpan({
        freed: { start: 600, end: 675 },
        busy: [{ start: 675, end: 800 }],
        window: { start: 600, end: 720 },
        minMinutes: 30,
        rules: buffered,
      }),
    ).toEqual({ start: 600, end: 660 });
  });
});

test('a place in line', () => {
  expect([1, 2, 3, 4, 11, 12, 21, 22].map(placeText)).toEqual([
    '1st in line',
    '2nd in line',
    '3rd in line',
    '4th in line',
    '11th in line',
    '12th in line',
    '21st in line',
    '22nd in line',
  ]);
});
