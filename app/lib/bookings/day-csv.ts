// 'Download CSV' of a day on /admin/bookings (docs/product.md §10): one row per booking or
// maintenance block, times both on the lab's clocks with their offset (what the day sheet shows)
// and in UTC (what sorts and joins), so a spreadsheet never has to guess a zone.
import { statusText } from './format';
import type { Booking } from './models';
import { labOffset, type LabDay } from './time';

export const DAY_CSV_HEADER = [
  'Resource',
  'Kind',
  'Username',
  'Name',
  'Status',
  'Start (Dublin)',
  'End (Dublin)',
  'Start (UTC)',
  'End (UTC)',
  'Checked in (Dublin)',
  'Note',
] as const;

/** '2026-07-01T10:00:00+01:00': an instant on the lab's clocks, with the offset they had then. */
export function labIso(iso: string) {
  const ms = new Date(iso).getTime();
  const offset = labOffset(ms);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/** '2026-07-01T09:00:00Z': the same instant in UTC, to the second. */
export const utcIso = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}Z`;

/** The day's rows as cells, the header first (csvText() makes the file of them). */
export function dayCsvRows(
  rows: readonly { booking: Booking; member: { username: string; fullname: string } | null }[],
): string[][] {
  return [
    [...DAY_CSV_HEADER],
    ...rows.map(({ booking, member }) => [
      booking.resource.name,
      booking.kind === 'maintenance' ? 'Maintenance' : 'Booking',
      member?.username ?? '',
      member?.fullname ?? '',
      booking.kind === 'maintenance' ? '' : (statusText(booking.status) ?? 'Booked'),
      labIso(booking.start),
      labIso(booking.end),
      utcIso(booking.start),
      utcIso(booking.end),
      booking.checkedInAt ? labIso(booking.checkedInAt) : '',
      booking.kind === 'maintenance' ? booking.reason : booking.note,
    ]),
  ];
}

/** 'bookings-2026-12-01.csv', or 'bookings-2026-12-01-laser-cutter.csv' for one resource. */
export const dayCsvName = (day: LabDay, resourceSlug: string | null) =>
  `bookings-${day}${resourceSlug ? `-${resourceSlug}` : ''}.csv`;
