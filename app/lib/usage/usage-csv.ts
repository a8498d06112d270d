// 'Download CSV' under each table of /admin/usage (docs/product.md §11): the table's numbers as
// cells, each row starting with the period on the lab's clocks (with its offset) and in UTC, so a
// spreadsheet that joins periods never guesses a zone. csvText() (app/lib/csv.ts) makes the file:
// BOM, CRLF, formula-safe cells. No table names a member.
import { labIso, utcIso } from '~/lib/bookings/day-csv';
import { WEEKDAY_NAMES, WEEKDAYS } from '~/lib/bookings/week';
import type { Behaviour, CreditMonth, Funnel, ResourceUse } from './figures';
import { monthLabel, type Period } from './period';
import { percent } from './shares';

export const USAGE_TABLES = ['resources', 'hours', 'behaviour', 'inductions', 'credits'] as const;
export type UsageTable = (typeof USAGE_TABLES)[number];

export interface UsageFigures {
  resources: ResourceUse[];
  total: Omit<ResourceUse, 'slug' | 'name' | 'kind'>;
  hours: number[][];
  behaviour: Behaviour;
  inductions: Funnel[];
  credits: CreditMonth[];
  concentration: { credit: string; members: number; hours: number; busiestTenth: number | null }[];
}

const PERIOD_HEADER = ['From (Dublin)', 'To (Dublin)', 'From (UTC)', 'To (UTC)'];

const cell = (value: number | null) => (value === null ? '' : String(Math.round(value * 10) / 10));

const ratio = (part: number | null, whole: number) => percent(part === null || !whole ? null : part / whole);

/** One table's rows, the header first. */
export function usageCsvRows(table: UsageTable, figures: UsageFigures, period: Period): string[][] {
  const when = [
    labIso(period.start.toISOString()),
    labIso(period.end.toISOString()),
    utcIso(period.start.toISOString()),
    utcIso(period.end.toISOString()),
  ];
  switch (table) {
    case 'resources': {
      const row = (name: string, kind: string, use: UsageFigures['total']) => [
        ...when,
        name,
        kind,
        String(use.openMinutes),
        String(use.bookedMinutes),
        ratio(use.bookedMinutes, use.openMinutes),
        String(use.openSoFar),
        cell(use.usedMinutes),
        ratio(use.usedMinutes, use.openSoFar),
      ];
      return [
        [
          ...PERIOD_HEADER,
          'Resource',
          'Kind',
          'Open minutes',
          'Booked minutes',
          'Booked %',
          'Open minutes so far',
          'Used minutes',
          'Used %',
        ],
        ...figures.resources.map((use) => row(use.name, use.kind, use)),
        row('Total', '', figures.total),
      ];
    }
    case 'hours':
      return [
        [
          ...PERIOD_HEADER,
          'Day',
          ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
        ],
        ...figures.hours.map((day, d) => [...when, WEEKDAY_NAMES[WEEKDAYS[d]!], ...day.map(String)]),
      ];
    case 'behaviour':
      return [
        [...PERIOD_HEADER, 'Figure', 'Value'],
        ...behaviourRows(figures.behaviour).map((r) => [...when, ...r]),
      ];
    case 'inductions':
      return [
        [
          ...PERIOD_HEADER,
          'Induction',
          'Requested',
          'Signed off',
          'First booking',
          'Active (90 days)',
          'Expired or revoked',
          'Median days, request to sign-off',
          'Median days, sign-off to first booking',
        ],
        ...figures.inductions.map((f) => [
          ...when,
          f.name,
          String(f.requested),
          String(f.signedOff),
          String(f.firstBookings),
          String(f.active),
          String(f.expiredOrRevoked),
          cell(f.medianDaysToSignOff),
          cell(f.medianDaysToFirstBooking),
        ]),
      ];
    case 'credits':
      return [
        [...PERIOD_HEADER, 'Credit', 'Unit', 'Month', 'Granted', 'Held', 'Settled', 'Expired'],
        ...figures.credits.map((m) => [
          ...when,
          m.credit,
          m.unit,
          monthLabel(m.month),
          String(m.granted),
          String(m.held),
          String(m.settled),
          String(m.expired),
        ]),
      ];
  }
}

/** The behaviour figures as [name, value] pairs: the page's table and the CSV's rows. */
export function behaviourRows(b: Behaviour): [string, string][] {
  return [
    ['Bookings with check-in', String(b.checkInBookings)],
    ['No-shows', String(b.noShows)],
    ['No-show rate %', ratio(b.noShows, b.checkInBookings)],
    ['Cancels', String(b.cancels)],
    ['Late cancels', String(b.lateCancels)],
    ['Freed minutes', String(b.freedMinutes)],
    ['Freed minutes booked again', String(b.rebookedMinutes)],
    ['Freed time booked again %', ratio(b.rebookedMinutes, b.freedMinutes)],
    ['Joined a waiting list', String(b.waitsJoined)],
    ['Waits that ended in a booking', String(b.waitsBooked)],
    [
      'Median hours, waiting list to booking',
      cell(b.medianWaitMinutes === null ? null : b.medianWaitMinutes / 60),
    ],
    ['Requests approved', String(b.approved)],
    ['Requests declined', String(b.declined)],
    ['Requests expired', String(b.expired)],
    [
      'Median hours, request to decision',
      cell(b.medianDecisionMinutes === null ? null : b.medianDecisionMinutes / 60),
    ],
  ];
}

/** 'usage-2026-10-01-to-2026-10-31-resources.csv', the scope's slug after the dates when not the lab. */
export const usageCsvName = (table: UsageTable, period: Period, scope: string) =>
  `usage-${period.first}-to-${period.last}${scope === 'lab' ? '' : `-${scope.replace(':', '-')}`}-${table}.csv`;
