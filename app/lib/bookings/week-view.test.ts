import { describe, expect, test } from 'vitest';
import type { BookingRules } from './rules';
import { daySlots, type CalendarBlock } from './slots';
import { chosenDay, dayChoices, nextChange, slotLines, WHOLE_WEEK } from './week-view';

const printer: BookingRules = {
  slotMinutes: 30,
  minMinutes: 30,
  maxMinutes: 720,
  bufferMinutes: 0,
  hours: 'any',
  noticeMinutes: 60,
  horizonDays: 14,
  cancelCutoffMinutes: 0,
  maxUpcoming: null,
  maxWeekMinutes: null,
};
// Monday 1 March 2027, 08:10 in Dublin (GMT).
const now = new Date('2027-03-01T08:10:00Z');
const booking = (start: string, end: string, mine = false): CalendarBlock => ({
  kind: 'booking',
  mine,
  start: new Date(start),
  end: new Date(end),
  blockedUntil: new Date(end),
});

describe('slotLines', () => {
  test('runs nobody can book are one line each; free slots stay one each', () => {
    const day = daySlots(
      printer,
      '2027-03-01',
      [
        booking('2027-03-01T10:00:00Z', '2027-03-01T11:30:00Z'),
        booking('2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z', true),
      ],
      now,
    );
    const lines = slotLines(day, 30);
    expect(lines.slice(0, 5)).toEqual([
      // 00:00 to 08:30 (now) has passed; 08:30 to 09:30 is inside the hour's notice: each one line.
      { state: 'past', start: '2027-03-01T00:00:00.000Z', from: '00:00', until: '08:30' },
      { state: 'soon', start: '2027-03-01T08:30:00.000Z', from: '08:30', until: '09:30' },
      { state: 'free', start: '2027-03-01T09:30:00.000Z', time: '09:30' },
      { state: 'booked', start: '2027-03-01T10:00:00.000Z', from: '10:00', until: '11:30' },
      { state: 'free', start: '2027-03-01T11:30:00.000Z', time: '11:30' },
    ]);
    expect(lines[5]).toEqual({
      state: 'mine',
      start: '2027-03-01T12:00:00.000Z',
      from: '12:00',
      until: '13:00',
    });
    // 48 slots become 6 lines and the 22 free slots from 13:00 to midnight.
    expect(lines).toHaveLength(6 + 22);
    expect(lines.at(-1)).toEqual({ state: 'free', start: '2027-03-01T23:30:00.000Z', time: '23:30' });
  });

  test('a run that ends at midnight ends at 24:00', () => {
    const day = daySlots(printer, '2027-03-20', [], now);
    const later = slotLines(day, 30);
    expect(later).toEqual([
      { state: 'later', start: '2027-03-20T00:00:00.000Z', from: '00:00', until: '24:00' },
    ]);
  });
  test('a booking released because nobody checked in: its member sees it released, others booked', () => {
    // Released at 08:15, its start plus the grace: the machine is free from then.
    const released = { ...booking('2027-03-01T08:00:00Z', '2027-03-01T08:15:00Z', true), released: true };
    const theirs = { ...released, mine: false };
    const line = (blocks: CalendarBlock[]) =>
      slotLines(daySlots({ ...printer, slotMinutes: 15 }, '2027-03-01', blocks, now), 15).find(
        (each) => each.start === '2027-03-01T08:00:00.000Z',
      );
    expect(line([released])).toEqual({
      state: 'released',
      start: '2027-03-01T08:00:00.000Z',
      from: '08:00',
      until: '08:15',
    });
    expect(line([theirs])).toMatchObject({ state: 'booked', from: '08:00', until: '08:15' });
  });
});

describe('nextChange', () => {
  test('the next slot to fall inside the notice period, or the next midnight in Dublin', () => {
    const days = [daySlots(printer, '2027-03-01', [], now)];
    // 09:30 is the first slot still bookable with an hour's notice: it turns past at 08:30.
    expect(nextChange(printer, days, now)).toEqual(new Date('2027-03-01T08:30:00Z'));
    // A week with no slot ahead (the last one): midnight, when today moves on. Summer time: 23:00 UTC.
    const summer = new Date('2027-07-01T22:00:00Z');
    expect(nextChange(printer, [daySlots(printer, '2027-06-24', [], summer)], summer)).toEqual(
      new Date('2027-07-01T23:00:00Z'),
    );
  });
});

describe('the day chooser of a narrow screen', () => {
  const from = '2027-03-26'; // Friday; the clocks go forward on Sunday 28 March

  test('shows the day asked for when it is in the week, the whole week when asked, else the first', () => {
    expect(chosenDay('2027-03-28', from)).toBe('2027-03-28');
    expect(chosenDay('2027-04-01', from)).toBe('2027-04-01');
    expect(chosenDay(WHOLE_WEEK, from)).toBeNull();
    for (const other of [null, '', '2027-04-02', '2027-03-25', '2027-02-30', 'monday'])
      expect(chosenDay(other, from), String(other)).toBe(from);
  });

  test('offers each of the seven days, across a month and the change of clocks, then the whole week', () => {
    const choices = dayChoices(from, '2027-03-28');
    expect(choices.map((choice) => choice.day)).toEqual([
      '2027-03-26',
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
      WHOLE_WEEK,
    ]);
    expect(choices.filter((choice) => choice.current).map((choice) => choice.day)).toEqual(['2027-03-28']);
    expect(choices.map((choice) => choice.label.join(' / '))).toEqual([
      'Fri / 26 Mar',
      'Sat / 27 Mar',
      'Sun / 28 Mar',
      'Mon / 29 Mar',
      'Tue / 30 Mar',
      'Wed / 31 Mar',
      'Thu / 1 Apr',
      'Whole week',
    ]);
    expect(dayChoices(from, null).filter((choice) => choice.current)).toEqual([
      { day: WHOLE_WEEK, label: ['Whole week'], current: true },
    ]);
  });
});
