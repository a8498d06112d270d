import { describe, expect, test } from 'vitest';
import { whenText } from './format';
import {
  allowedLengths,
  cancelRefusal,
  describeRules,
  inductionRefusal,
  limitRefusal,
  openingText,
  renewalText,
  timeRefusal,
  type BookingRules,
} from './rules';
import { labTime } from './time';
import { daySlots, inTheWay, nearestFree, TAKEN_MESSAGE, type CalendarBlock } from './slots';

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
const at = (iso: string) => new Date(iso);
const block = (
  start: string,
  end: string,
  buffer = 0,
  extra: Partial<CalendarBlock> = {},
): CalendarBlock => ({
  kind: 'booking',
  mine: false,
  start: at(start),
  end: at(end),
  blockedUntil: new Date(at(end).getTime() + buffer * 60_000),
  ...extra,
});

describe('the rules a booking passes, each with its text', () => {
  test.each([
    ['2027-03-01T10:10:00Z', 60, 'Choose a start time from the calendar.'],
    ['2027-03-01T10:00:00Z', 45, 'A booking here lasts a whole number of 30-minute slots.'],
    ['2027-03-01T10:00:00Z', 30, 'A booking here lasts at least 1 hour.'],
    ['2027-03-01T10:00:00Z', 300, 'A booking here lasts at most 4 hours.'],
    ['2027-02-22T10:00:00Z', 60, 'That time has passed.'],
    ['2027-03-01T08:30:00Z', 60, 'Book at least 1 hour ahead.'],
    ['2027-03-15T10:00:00Z', 60, 'Bookings open 14 days ahead.'],
    ['2027-03-02T10:00:00Z', 60, 'The lab is closed then.'],
    ['2027-03-01T17:00:00Z', 120, 'The lab is closed then.'],
  ])('%s for %i minutes: %s', (start, minutes, message) => {
    expect(timeRefusal(cnc, at(start), minutes, now)?.message).toBe(message);
  });

  test('notice and cutoff are exact to the second, not rounded to minutes', () => {
    const late = new Date('2027-03-01T09:00:20Z');
    expect(timeRefusal(cnc, at('2027-03-01T10:00:00Z'), 60, late)?.message).toBe(
      'Book at least 1 hour ahead.',
    );
    expect(cancelRefusal(cnc, at('2027-03-01T11:00:00Z'), late)?.message).toBe(
      'Bookings can be cancelled until 2 hours before they start.',
    );
  });

  test('a good booking passes; the last day of the horizon is still open', () => {
    expect(timeRefusal(cnc, at('2027-03-01T10:00:00Z'), 240, now)).toBeNull();
    expect(timeRefusal(cnc, at('2027-03-13T10:00:00Z'), 60, now)).toBeNull();
  });

  test('a start far beyond any calendar (9999-12-31) is refused by the horizon, not an error', () => {
    expect(timeRefusal(cnc, at('9999-12-31T10:00:00Z'), 60, now)?.message).toBe(
      'Bookings open 14 days ahead.',
    );
    expect(timeRefusal(cnc, at('+275760-09-13T00:00:00Z'), 60, now)?.rule).toBe('horizon');
    expect(timeRefusal(cnc, new Date(Number.NaN), 60, now)?.message).toBe(
      'Choose a start time from the calendar.',
    );
  });

  test('limits: upcoming count, then hours in the week', () => {
    expect(limitRefusal(cnc, 60, { upcoming: 3, weekMinutes: 0 })?.message).toBe(
      'You already have 3 upcoming bookings here, the most allowed.',
    );
    expect(limitRefusal(cnc, 120, { upcoming: 1, weekMinutes: 300 })?.message).toBe(
      'That would take you past 6 hours this week here.',
    );
    expect(limitRefusal(cnc, 60, { upcoming: 1, weekMinutes: 300 })).toBeNull();
  });

  test('cancellation cutoff and induction texts', () => {
    expect(cancelRefusal(cnc, at('2027-03-01T09:30:00Z'), now)?.message).toBe(
      'Bookings can be cancelled until 2 hours before they start.',
    );
    expect(cancelRefusal(cnc, at('2027-03-01T10:00:00Z'), now)).toBeNull();
    expect(cancelRefusal({ ...cnc, cancelCutoffMinutes: 0 }, at('2027-03-01T07:00:00Z'), now)?.message).toBe(
      'Bookings can be cancelled until they start.',
    );
    expect(inductionRefusal({ state: 'missing', name: 'CNC induction' })?.message).toBe(
      'You need the CNC induction to book this.',
    );
    expect(
      inductionRefusal({ state: 'expired', name: 'CNC induction', expiredOn: '2027-03-03' })?.message,
    ).toBe('Your CNC induction expired on 3 March 2027.');
  });
});

describe('what is in the way is named', () => {
  const start = at('2027-03-01T10:00:00Z');
  test('another member’s booking: just taken; the member’s own: already booked; maintenance; a buffer', () => {
    expect(inTheWay(cnc, start, 60, [block('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z')]).message).toBe(
      TAKEN_MESSAGE,
    );
    expect(TAKEN_MESSAGE).toBe('That slot was just taken.');
    const mine = block('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z', 15, { mine: true });
    expect(inTheWay(cnc, start, 60, [mine])).toEqual({
      rule: 'mine',
      field: null,
      message: 'You already booked this.',
    });
    const service = block('2027-03-01T09:00:00Z', '2027-03-01T12:00:00Z', 0, { kind: 'maintenance' });
    expect(inTheWay(cnc, start, 60, [service]).message).toBe('That time is blocked for maintenance.');
    // Starting inside the buffer of the booking before it.
    expect(
      inTheWay(cnc, start, 60, [block('2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z', 15)]).message,
    ).toBe('After each booking, 15 minutes stays free before the next one can start.');
  });
});

describe('lengths and slots', () => {
  test('lengths stop at closing time, at the next booking less the buffer, and at the week left', () => {
    expect(allowedLengths(cnc, at('2027-03-01T15:00:00Z'), [], null)).toEqual([60, 90, 120, 150, 180]);
    // A booking at 12:00: a booking from 10:00 must end by 11:45 (its own buffer), so 60 and 90 minutes.
    expect(
      allowedLengths(
        cnc,
        at('2027-03-01T10:00:00Z'),
        [block('2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z', 15)],
        null,
      ),
    ).toEqual([60, 90]);
    expect(allowedLengths(cnc, at('2027-03-01T10:00:00Z'), [], 90)).toEqual([60, 90]);
    // Starting inside the previous booking's buffer: nothing.
    expect(
      allowedLengths(
        cnc,
        at('2027-03-01T13:00:00Z'),
        [block('2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z', 15)],
        null,
      ),
    ).toEqual([]);
  });

  test('a day of slots: states, and who booked never shown', () => {
    const blocks = [
      block('2027-03-01T11:00:00Z', '2027-03-01T12:00:00Z', 15),
      block('2027-03-01T14:00:00Z', '2027-03-01T15:00:00Z', 15, { mine: true }),
      block('2027-03-01T16:00:00Z', '2027-03-01T18:00:00Z', 0, { kind: 'maintenance' }),
    ];
    const day = daySlots(cnc, '2027-03-01', blocks, now);
    const state = (time: string) => day.slots.find((slot) => slot.time === time)?.state;
    expect(day.slots[0]!.time).toBe('09:00');
    expect(day.slots.at(-1)!.time).toBe('17:30');
    expect(state('09:00')).toBe('free');
    expect(state('11:00')).toBe('booked');
    // 12:00 is in the buffer after 11:00-12:00: booked. 10:30 cannot fit an hour (and its buffer)
    // before 11:00, and 17:30 an hour before closing: too short, not booked.
    expect(state('12:00')).toBe('booked');
    expect(state('10:30')).toBe('short');
    expect(state('17:30')).toBe('maintenance');
    expect(daySlots(cnc, '2027-03-01', [], now).slots.at(-1)!.state).toBe('short');
    expect(state('14:30')).toBe('mine');
    expect(state('16:00')).toBe('maintenance');
    expect(daySlots(cnc, '2027-03-02', [], now)).toEqual({ day: '2027-03-02', open: false, slots: [] });
    expect(JSON.stringify(day)).not.toMatch(/user|member|name/i);
  });

  test('slots begun are past, ahead but inside the notice too soon; beyond the horizon not open yet', () => {
    expect(
      daySlots(cnc, '2027-03-01', [], at('2027-03-01T09:10:00Z'))
        .slots.slice(0, 4)
        .map((slot) => slot.state),
    ).toEqual(['past', 'soon', 'soon', 'free']);
    expect(daySlots(cnc, '2027-03-15', [], now).slots[0]!.state).toBe('later');
  });

  test('the clock changes: 23 and 25 hours of slots; a booking across the change lasts its real length', () => {
    const farNow = new Date('2027-03-20T00:00:00Z');
    expect(daySlots(printer, '2027-03-28', [], farNow).slots).toHaveLength(46);
    const october = daySlots(printer, '2027-10-31', [], new Date('2027-10-25T00:00:00Z'));
    expect(october.slots).toHaveLength(50);
    // 01:00 and 01:30 appear twice, an hour apart, each named by its zone.
    expect(october.slots.map((slot) => slot.time).filter((time) => time.startsWith('01:'))).toEqual([
      '01:00 IST',
      '01:30 IST',
      '01:00 GMT',
      '01:30 GMT',
    ]);
    // A booking in the repeated hour never reads '01:30–01:00'.
    expect(whenText({ start: '2027-10-31T00:30:00Z', end: '2027-10-31T01:00:00Z' })).toBe(
      'Sunday 31 October 2027, 01:30 IST–01:00 GMT',
    );
    // 00:30 to 03:30 on the October night is four hours of real time.
    expect(
      timeRefusal(
        { ...printer, horizonDays: 30 },
        at('2027-10-30T23:30:00Z'),
        240,
        new Date('2027-10-25T00:00:00Z'),
      ),
    ).toBeNull();
  });

  test('a printer booking across midnight is one booking', () => {
    expect(timeRefusal(printer, at('2027-03-01T22:00:00Z'), 240, now)).toBeNull();
    expect(allowedLengths(printer, at('2027-03-01T22:00:00Z'), [], null)).toContain(720);
  });

  test('the nearest free starts of the same length, for the loser of a race', () => {
    const blocks = [block('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z', 15)];
    const near = nearestFree(cnc, at('2027-03-01T10:00:00Z'), 60, blocks, now).map((date) =>
      date.toISOString(),
    );
    // Not 09:00: its own buffer would run into the 10:00 booking.
    expect(near).toEqual([
      '2027-03-01T11:30:00.000Z',
      '2027-03-01T12:00:00.000Z',
      '2027-03-01T12:30:00.000Z',
    ]);
  });

  test('the rules in plain words', () => {
    expect(openingText(cnc.hours as Exclude<BookingRules['hours'], 'any'>)).toBe(
      'Monday 09:00–18:00, Saturday 10:00–16:00',
    );
    expect(describeRules(cnc)).toContain('Each member may hold 3 upcoming bookings here.');
  });
});

test('an induction expiring within 30 days may be asked for again; the page says when it expires', () => {
  const now = labTime('2027-03-01', 12 * 60);
  const held = (expiresOn: string | null) => ({ state: 'held' as const, name: 'Laser induction', expiresOn });
  expect(renewalText(held('2027-03-20'), now)).toBe('Your Laser induction expires on 20 March 2027.');
  expect(renewalText(held('2027-03-31'), now)).toBe('Your Laser induction expires on 31 March 2027.');
  expect(renewalText(held('2027-04-05'), now)).toBeNull();
  expect(renewalText(held(null), now)).toBeNull();
  expect(renewalText({ state: 'missing', name: 'Laser induction' }, now)).toBeNull();
});
