import { expect, test } from 'vitest';
import { durationText, retryText, waitedText } from './waited';

test('how long something has waited, roughly', () => {
  expect(waitedText(0)).toBe('nothing waits');
  expect(waitedText(1)).toBe('1 second');
  expect(waitedText(150)).toBe('2 minutes');
  expect(waitedText(7200)).toBe('2 hours');
});

test("a kind's waits between tries, in words; the last delay repeats", () => {
  expect(durationText(3_600_000)).toBe('1 hour');
  expect(retryText({ attempts: 5, retryDelays: [30_000, 60_000, 120_000, 240_000] })).toBe(
    '30 seconds, 1 minute, 2 minutes and 4 minutes',
  );
  expect(retryText({ attempts: 3, retryDelays: [600_000] })).toBe('10 minutes and 10 minutes');
  expect(retryText({ attempts: 2, retryDelays: [5_000] })).toBe('5 seconds');
  expect(retryText({ attempts: 1, retryDelays: [5_000] })).toBe('not tried again');
});
