import { describe, expect, test } from 'vitest';
import { instantText } from './format';
import {
  bookableLengths,
  lengthChoiceText,
  nextFreeAcross,
  nextFreeStarts,
  NEXT_FREE_COUNT,
  rangeOf,
} from './next-free';
import { fits, timeRefusal, type Block, type BookingRules } from './rules';
import { weekOfSlots, type CalendarBlock } from './slots';
import { labDayOf } from './time';

const cnc: BookingRules = {
  slotMinutes: 30,
  minMinutes: 60,
  maxMinutes: 240,
  bufferMinutes: 15,
  hours: { mon: { open: 540, close: 1080 }, sat: { open: 600, close: 960 } },
  noticeMinutes: 60,
  horizonDays: 14,
  cancelCutoffMinutes: 120,
  maxUpcoming: 3,
  maxWeekMinutes: 360,
};
const printer: BookingRules = { ...cnc, hours: 'any', bufferMinutes: 0, minMinutes: 30, maxMinutes: 720 };
// Monday 1 March 2027, 08:00 in Dublin (GMT).
const now = new Date('2027-03-01T08:00:00Z');
const HOUR = 3_600_000;

const block = (start: string, end: string, buffer = 0, mine = false): CalendarBlock => ({
  kind: 'booking',
  mine,
  start: new Date(start),
  end: new Date(end),
  blockedUntil: new Date(new Date(end).getTime() + buffer * 60_000),
});
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

/**
 * The answer by brute force: every slot of the pages' grid over the horizon, kept when the
 * booking's own checks pass it. The sweep must list the first of these.
 */
function everyFreeStart(rules: BookingRules, minutes: number, blocks: readonly Block[], at: Date) {
  return weekOfSlots(rules, labDayOf(at), [], at, rules.horizonDays + 1)
    .flatMap((day) => day.slots.map((slot) => new Date(slot.start)))
    .filter((start) => !timeRefusal(rules, start, minutes, at) && fits(rules, start, minutes, blocks));
}

describe('the earliest free starts on one machine', () => {
  test('at opening, after the notice, on the slot grid; a closed day is skipped', () => {
    // Monday 09:00 is inside the hour's notice from 08:00: 09:00 is the first start.
    expect(iso(nextFreeStarts(cnc, 60, [], now, 3))).toEqual([
      '2027-03-01T09:00:00.000Z',
      '2027-03-01T09:30:00.000Z',
      '2027-03-01T10:00:00.000Z',
    ]);
    // Late on Monday: the next start is Saturday's opening (Tuesday to Friday are closed).
    const evening = new Date('2027-03-01T16:30:00Z');
    expect(iso(nextFreeStarts(cnc, 60, [], evening, 2))).toEqual([
      '2027-03-06T10:00:00.000Z',
      '2027-03-06T10:30:00.000Z',
    ]);
  });

  test('a booking and the buffers on both sides stand in the way; the length must end by closing time', () => {
    const blocks = [block('2027-03-01T09:00:00Z', '2027-03-01T16:00:00Z', 15)];
    // 16:00 is in the buffer; 16:30 + 1 hour ends 17:30; 17:00 + 1 hour ends at closing (18:00).
    expect(iso(nextFreeStarts(cnc, 60, blocks, now, 3))).toEqual([
      '2027-03-01T16:30:00.000Z',
      '2027-03-01T17:00:00.000Z',
      '2027-03-06T10:00:00.000Z',
    ]);
    // Two hours before a booking at 12:00 need 10:00 at the latest: its buffer is 15 minutes.
    const before = [block('2027-03-06T12:00:00Z', '2027-03-06T16:00:00Z', 15)];
    const saturday = new Date('2027-03-05T20:00:00Z');
    expect(iso(nextFreeStarts(cnc, 120, before, saturday, 1))).toEqual(['2027-03-08T09:00:00.000Z']);
    expect(iso(nextFreeStarts(cnc, 90, before, saturday, 1))).toEqual(['2027-03-06T10:00:00.000Z']);
  });

  test('the viewer’s own booking is taken time too', () => {
    const mine = [block('2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z', 0, true)];
    expect(iso(nextFreeStarts(printer, 60, mine, now, 1))).toEqual(['2027-03-01T10:00:00.000Z']);
  });

  test('nothing past the horizon, nothing for a length the rules do not allow', () => {
    const booked = [block('2027-03-01T09:00:00Z', '2027-03-14T21:00:00Z')];
    // The horizon's last day is Sunday 14 March: starts from 21:00 to 23:30 are left (open any
    // time, a booking may run on past midnight), none on the 15th.
    const starts = iso(nextFreeStarts(printer, 180, booked, now, 10));
    expect([starts.length, starts[0], starts.at(-1)]).toEqual([
      6,
      '2027-03-14T21:00:00.000Z',
      '2027-03-14T23:30:00.000Z',
    ]);
    // Opening hours: the CNC is closed on Sundays, so nothing is left at all.
    expect(nextFreeStarts(cnc, 60, [block('2027-03-01T09:00:00Z', '2027-03-13T21:00:00Z')], now)).toEqual([]);
    expect(nextFreeStarts(cnc, 45, [], now)).toEqual([]);
    expect(nextFreeStarts(cnc, 300, [], now)).toEqual([]);
    expect(nextFreeStarts(cnc, 30, [], now)).toEqual([]);
  });

  test.each([
    ['the CNC (opening hours, buffer, notice)', cnc, [60, 90, 240]],
    ['a printer (any time)', printer, [30, 120, 720]],
    [
      '15-minute slots',
      { ...printer, slotMinutes: 15 as const, minMinutes: 15, bufferMinutes: 10 },
      [15, 45],
    ],
  ])('%s: the first starts of every free slot the booking checks pass', (_, rules, lengths) => {
    // A calendar that leaves gaps of every size: bookings of 1 to 7 hours 40 minutes apart and more.
    const blocks: CalendarBlock[] = [];
    let at = new Date('2027-03-01T06:00:00Z').getTime();
    for (let index = 0; index < 120; index++) {
      const length = ((index * 7) % 23) * 20 + 60;
      const gap = ((index * 5) % 11) * 20 + 40;
      blocks.push(
        block(new Date(at).toISOString(), new Date(at + length * 60_000).toISOString(), rules.bufferMinutes),
      );
      at += (length + rules.bufferMinutes + gap) * 60_000;
    }
    for (const minutes of lengths) {
      const expected = everyFreeStart(rules, minutes, blocks, now).slice(0, 40);
      expect(iso(nextFreeStarts(rules, minutes, blocks, now, 40))).toEqual(iso(expected));
    }
  });
});

describe('the days the clocks change: starts are real lab times', () => {
  const anyTime: BookingRules = { ...printer, noticeMinutes: 0, horizonDays: 3 };

  test('29 March 2026: 01:00 does not exist, the start after 00:30 is 02:00', () => {
    const night = new Date('2026-03-28T23:30:00Z');
    const starts = nextFreeStarts(anyTime, 60, [], night, 4);
    expect(starts.map((start) => instantText(start.toISOString()))).toEqual([
      'Saturday 28 March 2026, 23:30',
      'Sunday 29 March 2026, 00:00',
      'Sunday 29 March 2026, 00:30',
      'Sunday 29 March 2026, 02:00',
    ]);
    // An hour apart in elapsed time from 00:30 to 02:00 IST: one slot, as the calendar has it.
    expect(starts[3]!.getTime() - starts[2]!.getTime()).toBe(HOUR / 2);
  });

  test('25 October 2026: the two 01:00s are both starts, each named by its zone', () => {
    const night = new Date('2026-10-24T23:30:00Z');
    const blocks = [block('2026-10-24T23:30:00Z', '2026-10-25T00:00:00Z')];
    expect(
      nextFreeStarts(anyTime, 30, blocks, night, 5).map((start) => instantText(start.toISOString())),
    ).toEqual([
      'Sunday 25 October 2026, 01:00 IST',
      'Sunday 25 October 2026, 01:30 IST',
      'Sunday 25 October 2026, 01:00 GMT',
      'Sunday 25 October 2026, 01:30 GMT',
      'Sunday 25 October 2026, 02:00',
    ]);
  });

  test('opening hours on a 25-hour day: five hours of slots from midnight to 04:00', () => {
    const sunday: BookingRules = { ...anyTime, hours: { sun: { open: 0, close: 240 } } };
    const starts = nextFreeStarts(sunday, 60, [], new Date('2026-10-24T12:00:00Z'), 20);
    expect(starts).toHaveLength(9);
    expect(instantText(starts.at(-1)!.toISOString())).toBe('Sunday 25 October 2026, 03:00');
  });
});

describe('a machine and its equivalents', () => {
  const machines = (blocksOfB: readonly Block[]) => [
    {
      machine: 'Prusa A',
      rules: printer,
      ranges: [block('2027-03-01T09:00:00Z', '2027-03-01T12:00:00Z')].map(rangeOf),
    },
    { machine: 'Prusa B', rules: printer, ranges: blocksOfB.map(rangeOf) },
    // 30-minute bookings at most: never a start for an hour.
    { machine: 'Prusa mini', rules: { ...printer, maxMinutes: 30 }, ranges: [] },
  ];

  test('soonest first; at the same time, the machine asked about first', () => {
    const found = nextFreeAcross(
      machines([block('2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z')]),
      60,
      now,
      5,
    );
    expect(found.map(({ machine, start }) => `${machine} ${start.toISOString().slice(11, 16)}`)).toEqual([
      'Prusa B 10:00',
      'Prusa B 10:30',
      'Prusa B 11:00',
      'Prusa B 11:30',
      'Prusa A 12:00',
    ]);
  });

  test('at least five, NEXT_FREE_COUNT by default', () => {
    expect(NEXT_FREE_COUNT).toBeGreaterThanOrEqual(5);
    expect(nextFreeAcross(machines([]), 60, now)).toHaveLength(NEXT_FREE_COUNT);
  });
});

test('the lengths to pick, and the message for one not among them', () => {
  expect(bookableLengths(cnc)).toEqual([60, 90, 120, 150, 180, 210, 240]);
  expect(bookableLengths({ ...cnc, minMinutes: 45 })[0]).toBe(60);
  expect(lengthChoiceText(cnc)).toBe('Choose a length from 60 to 240 minutes in 30-minute steps.');
  expect(lengthChoiceText({ ...cnc, maxMinutes: 60 })).toBe('Choose 60 minutes: the only length here.');
});
