import { expect, test } from 'vitest';
import { auditActionText, auditText } from './audit';

test('auditText: stored instants in words on the lab’s clocks, a range as one, no uuid', () => {
  expect(auditText('Laser cutter 2026-07-01T09:00:00.000Z for @ana')).toBe(
    'Laser cutter Wednesday 1 July 2026, 10:00 for @ana',
  );
  expect(auditText('Lathe 2026-12-01T10:00:00.000Z–2026-12-01T12:30:00.000Z')).toBe(
    'Lathe Tuesday 1 December 2026, 10:00–12:30',
  );
  expect(auditText('mail job 3f2a1b4c-1234-4abc-8def-0123456789ab')).toBe('mail job');
  expect(auditText('mail job first owed 2026-12-01T10:00:00.000Z')).toBe(
    'mail job first owed Tuesday 1 December 2026, 10:00',
  );
  // Words a member typed are left as they are.
  expect(auditText('Tube cracked at 10:00 on 2026-12-01')).toBe('Tube cracked at 10:00 on 2026-12-01');
  expect(auditText('')).toBe('');
});

test('auditActionText: a CSV export is named; an unknown action shows as stored', () => {
  expect(auditActionText('bookings.export')).toBe('downloaded as CSV');
  expect(auditActionText('something.new')).toBe('something.new');
});
