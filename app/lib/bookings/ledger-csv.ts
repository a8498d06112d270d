// 'Download CSV' of the credit ledger on /admin/credits (docs/product.md §10 'Credits'): one row per
// entry, oldest first, its time on the lab's clocks with their offset and in UTC, as the day's
// bookings file writes them; a member who removed their account is 'removed member'. Usernames are
// written without their '@', which a spreadsheet would take for a formula (the cell would get a ').
import { ENTRY_TEXT } from './credits';
import { labIso, utcIso } from './day-csv';

export const LEDGER_CSV_HEADER = [
  'Date (Dublin)',
  'Date (UTC)',
  'Username',
  'Credit',
  'Lot',
  'Kind',
  'Amount',
  'Delta',
  'Booking',
  'Reason',
  'Actor',
] as const;

export interface LedgerCsvRow {
  created_at: string;
  username: string | null;
  credit: string;
  lot_id: string;
  kind: string;
  amount: number;
  delta: number;
  about: string;
  reason: string;
  actor: string;
}

/** The ledger's rows as cells, the header first (csvText() makes the file of them). */
export const ledgerCsvRows = (rows: readonly LedgerCsvRow[]): string[][] => [
  [...LEDGER_CSV_HEADER],
  ...rows.map((row) => [
    labIso(row.created_at),
    utcIso(row.created_at),
    row.username ?? 'removed member',
    row.credit,
    row.lot_id,
    ENTRY_TEXT[row.kind] ?? row.kind,
    String(row.amount),
    String(row.delta),
    row.about,
    row.reason,
    row.actor.replace(/^@/, ''),
  ]),
];
