import { describe, expect, test } from 'vitest';
import { decidedText, heldUntilText, requestDeadline, requestRefusal, requestText } from './approvals';

const HOUR = 3_600_000;

describe('a request’s deadline', () => {
  test('48 hours after the request, or 2 hours before the start if that is sooner', () => {
    const now = new Date('2026-12-01T09:15:00Z');
    expect(requestDeadline(new Date('2026-12-10T10:00:00Z'), now).toISOString()).toBe(
      '2026-12-03T09:15:00.000Z',
    );
    expect(requestDeadline(new Date('2026-12-02T10:00:00Z'), now).toISOString()).toBe(
      '2026-12-02T08:00:00.000Z',
    );
  });

  test('across the clock changes it keeps its elapsed hours, and says which 01:00 it is', () => {
    // Made at 09:00 IST on Friday 23 October; 48 hours on is 08:00 GMT on Sunday 25 October.
    const october = requestDeadline(new Date('2026-10-30T10:00:00Z'), new Date('2026-10-23T08:00:00Z'));
    expect(october.getTime() - Date.parse('2026-10-23T08:00:00Z')).toBe(48 * HOUR);
    expect(heldUntilText(october)).toBe(
      'This needs approval. The slot is held for you until Sunday 25 October 2026, 08:00.',
    );
    // A start at 03:00 on the night the clocks go back: 2 hours before is the second 01:00 (GMT).
    const twice = requestDeadline(new Date('2026-10-25T03:00:00Z'), new Date('2026-10-24T12:00:00Z'));
    expect(twice.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect(heldUntilText(twice)).toContain('Sunday 25 October 2026, 01:00 GMT');
    // Spring: 48 hours from 00:30 GMT on Saturday 28 March is 00:30 UTC on Monday 30 March, which the
    // clocks (gone forward on the 29th) show as 01:30: elapsed hours, not the same clock time.
    const march = requestDeadline(new Date('2026-04-05T10:00:00Z'), new Date('2026-03-28T00:30:00Z'));
    expect(heldUntilText(march)).toContain('Monday 30 March 2026, 01:30.');
  });

  test('a start under 2 hours away cannot be requested', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    expect(requestRefusal(new Date('2026-12-01T11:00:00Z'), now)).toMatchObject({
      rule: 'notice',
      field: 'start',
    });
    expect(requestRefusal(new Date('2026-12-01T11:01:00Z'), now)).toBeNull();
  });
});

test('what /bookings and a second approver read', () => {
  const base = { decidedBy: '@grace', decisionReason: 'Hood booked for a course' };
  expect(requestText({ ...base, status: 'pending', holdUntil: '2026-12-03T09:15:00Z' })).toBe(
    'Waiting for approval, decided by Thursday 3 December 2026, 09:15',
  );
  expect(requestText({ ...base, status: 'declined', holdUntil: null })).toBe(
    'Declined by @grace: Hood booked for a course',
  );
  expect(requestText({ ...base, status: 'active', holdUntil: null })).toBeNull();
  expect(decidedText({ status: 'active', decidedBy: '@grace' })).toBe(
    'Someone else decided this request: approved by @grace.',
  );
  expect(decidedText({ status: 'expired', decidedBy: 'lab' })).toBe(
    'Someone else decided this request: it expired.',
  );
});
