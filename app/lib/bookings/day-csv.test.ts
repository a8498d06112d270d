import { expect, test } from 'vitest';
import { DAY_CSV_HEADER, dayCsvName, dayCsvRows, labIso, utcIso } from './day-csv';
import type { Booking } from './models';

test('labIso: the lab’s clock with its offset, summer and winter; utcIso the same instant in UTC', () => {
  expect(labIso('2026-07-01T09:00:00.000Z')).toBe('2026-07-01T10:00:00+01:00');
  expect(labIso('2026-12-01T09:00:00.000Z')).toBe('2026-12-01T09:00:00+00:00');
  // The night the clocks go back: 01:30 twice, told apart by the offset.
  expect(labIso('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T01:30:00+01:00');
  expect(labIso('2026-10-25T01:30:00.000Z')).toBe('2026-10-25T01:30:00+00:00');
  expect(utcIso('2026-07-01T09:00:00.000Z')).toBe('2026-07-01T09:00:00Z');
});

// Only what a CSV row reads: the rest of a booking does not matter here.
const booking = (over: Partial<Booking>) =>
  ({
    id: 'b',
    uid: 'u',
    resource: { id: 'r', slug: 'laser', name: 'Laser cutter' },
    kind: 'booking',
    start: '2026-07-01T09:00:00.000Z',
    end: '2026-07-01T10:30:00.000Z',
    note: '',
    status: 'active',
    sequence: 0,
    bookedBy: null,
    reason: '',
    createdAt: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-01T09:00:00.000Z',
    cancelledAt: null,
    checkedInAt: null,
    checkedOutAt: null,
    releasedAt: null,
    ...over,
  }) as Booking;

test('dayCsvRows: the header, a booking with its member and status, a block with its reason', () => {
  const rows = dayCsvRows([
    {
      booking: booking({ status: 'checked_in', checkedInAt: '2026-07-01T08:50:00.000Z', note: 'Acrylic' }),
      member: { username: 'ana', fullname: 'Ana Lee' },
    },
    { booking: booking({ kind: 'maintenance', reason: 'New tube', status: 'active' }), member: null },
  ]);
  expect(rows[0]).toEqual([...DAY_CSV_HEADER]);
  expect(rows[1]).toEqual([
    'Laser cutter',
    'Booking',
    'ana',
    'Ana Lee',
    'Checked in',
    '2026-07-01T10:00:00+01:00',
    '2026-07-01T11:30:00+01:00',
    '2026-07-01T09:00:00Z',
    '2026-07-01T10:30:00Z',
    '2026-07-01T09:50:00+01:00',
    'Acrylic',
  ]);
  expect(rows[2]).toEqual([
    'Laser cutter',
    'Maintenance',
    '',
    '',
    '',
    '2026-07-01T10:00:00+01:00',
    '2026-07-01T11:30:00+01:00',
    '2026-07-01T09:00:00Z',
    '2026-07-01T10:30:00Z',
    '',
    'New tube',
  ]);
  expect(dayCsvRows([{ booking: booking({}), member: { username: 'bo', fullname: 'Bo' } }])[1]![4]).toBe(
    'Booked',
  );
});

test('dayCsvName: dated, with the resource when one is chosen', () => {
  expect(dayCsvName('2026-12-01', null)).toBe('bookings-2026-12-01.csv');
  expect(dayCsvName('2026-12-01', 'laser-cutter')).toBe('bookings-2026-12-01-laser-cutter.csv');
});
