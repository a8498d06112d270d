// The 'Confirm booking' form's schema: what a forged or broken form gets back.
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import {
  BookSchema,
  ChangeBookingSchema,
  FeedResetSchema,
  labTimeExists,
  MaintenanceSchema,
  parseInstant,
} from './schemas';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const errors = (fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema: BookSchema });
  return submission.status === 'success' ? null : submission.reply().error;
};

describe('BookSchema', () => {
  test('a start from the calendar, a length and a note pass, the note trimmed', () => {
    const submission = parseWithZod(
      form({ start: '2026-12-01T10:00:00.000Z', minutes: '90', note: '  PLA bracket ' }),
      { schema: BookSchema },
    );
    expect(submission.status).toBe('success');
    if (submission.status === 'success')
      expect(submission.value).toEqual({
        start: '2026-12-01T10:00:00.000Z',
        minutes: 90,
        note: 'PLA bracket',
        answers: [],
      });
  });

  test('a request’s answers are each required, trimmed, in their order', () => {
    const answered = parseWithZod(
      form({
        start: '2026-12-01T10:00:00.000Z',
        minutes: '60',
        'answers[0]': ' E. coli ',
        'answers[1]': 'Autoclave',
      }),
      { schema: BookSchema },
    );
    expect(answered.status === 'success' && answered.value.answers).toEqual(['E. coli', 'Autoclave']);
    const blank = parseWithZod(
      form({ start: '2026-12-01T10:00:00.000Z', minutes: '60', 'answers[0]': 'E. coli', 'answers[1]': '  ' }),
      { schema: BookSchema },
    );
    expect(blank.status).toBe('error');
    expect(blank.reply().error?.['answers[1]']).toEqual(['Answer this question.']);
  });

  test('the note is optional', () => {
    expect(errors({ start: '2026-12-01T10:00:00Z', minutes: '60' })).toBeNull();
  });

  test('a forged start, a missing or odd length and a long note are named by field', () => {
    expect(errors({ start: 'tomorrow', minutes: '60' })).toEqual({
      start: ['Choose a start time from the calendar.'],
    });
    expect(errors({ start: '2026-12-01T10:00:00+01:00', minutes: '60' })?.start).toBeTruthy();
    expect(errors({ start: '2026-02-30T10:00:00Z', minutes: '60' })?.start).toBeTruthy();
    expect(errors({ minutes: '60' })?.start).toEqual(['Choose a start time from the calendar.']);
    for (const minutes of ['', 'sixty', '-30', '0', '45.5', '99999'])
      expect(errors({ start: '2026-12-01T10:00:00Z', minutes })?.minutes, minutes).toEqual([
        'Choose a length.',
      ]);
    expect(errors({ start: '2026-12-01T10:00:00Z', minutes: '60', note: 'x'.repeat(501) })?.note).toEqual([
      'Note must be at most 500 characters',
    ]);
  });
});

test('parseInstant reads only UTC ISO instants that exist', () => {
  expect(parseInstant('2026-12-01T10:00:00.000Z')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  expect(parseInstant('2026-12-01T10:00Z')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  for (const bad of [null, '', '2026-12-01', '2026-12-01T10:00:00', '1764583200000', '2026-13-01T10:00:00Z'])
    expect(parseInstant(bad), String(bad)).toBeNull();
});

test('FeedResetSchema takes only its own intent', () => {
  expect(parseWithZod(form({ intent: 'reset-feed' }), { schema: FeedResetSchema }).status).toBe('success');
  expect(parseWithZod(form({ intent: 'delete' }), { schema: FeedResetSchema }).status).toBe('error');
});

test('a time the clocks skip is refused, not moved; the repeated hour is a real time', () => {
  const change = (day: string, time: string) => ChangeBookingSchema.safeParse({ day, time, minutes: 60 });
  const skipped = change('2027-03-28', '01:30');
  expect(skipped.success).toBe(false);
  expect(skipped.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
    ['time', 'That time does not exist in Dublin: the clocks go forward.'],
  ]);
  expect(change('2027-03-28', '02:00').success).toBe(true);
  expect(change('2026-10-25', '01:30').success).toBe(true);
  expect(labTimeExists('2027-03-28', '00:59')).toBe(true);
  const block = MaintenanceSchema.safeParse({
    startDay: '2027-03-28',
    startTime: '01:00',
    endDay: '2027-03-28',
    endTime: '03:00',
    reason: 'Clock change',
  });
  expect(block.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['startTime']);
});
