// A member's credits as /credits, /api/credits and their data export read them (docs/product.md
// §10 'Credits'): per credit, what they could spend now, what their bookings hold, what expires in
// the next 30 days, and a statement of every entry of their lots. Reads only: the ledger
// (./credits.ts) writes.
import { sql, type Kysely } from 'kysely';
import type { Database, EntryKind } from '../../db/schema';
import { DAY_MS } from '~/lib/time-units';
import { openActions } from '~/lib/bookings/actions';
import { instantText, whenText } from '~/lib/bookings/format';
import {
  amountText,
  drawOrder,
  ENTRY_TEXT,
  expiryText,
  monthEndOf,
  totalOf,
  type Credit,
} from '~/lib/bookings/credits';
import { selectBookings, toBooking } from '../core/rows';
import { liveLots, toCredit } from './credits';

/** How far ahead 'Expiring soon' looks. */
export const EXPIRING_DAYS = 30;
/** How many statement lines the page shows, newest first. */
export const STATEMENT_SHOWN = 100;

export interface HeldCredits {
  bookingId: string;
  /** 'GPU workstation, Tuesday 1 December 2026, 10:00–12:00' */
  about: string;
  amount: number;
  /** '6 GPU tokens' */
  amountText: string;
  /** what the member can do with the booking now: cancel (before the cutoff) or release it */
  cancel: 'cancel' | 'release' | null;
}

export interface ExpiringLot {
  amount: number;
  amountText: string;
  /** 'of your December 2026 allowance', 'of the grant ‘Hackathon’' */
  what: string;
  expiresAt: string;
  /** the last day it can be spent on: '31 December 2026' */
  expires: string;
}

export interface MemberCredit {
  credit: Credit;
  /** what a booking starting now could draw: this lab month's allowance (made or not) and valid grants */
  available: number;
  availableText: string;
  held: HeldCredits[];
  expiring: ExpiringLot[];
}

export interface StatementLine {
  id: string;
  at: string;
  /** 'Tuesday 1 December 2026, 09:12' */
  when: string;
  credit: string;
  kind: EntryKind;
  /** 'Held for a booking: 6 GPU tokens' */
  text: string;
  /** what the entry changed the balance by: a hold -6, a release +6, a settlement 0 (it was held) */
  delta: number;
  about: string;
  reason: string;
  /** the booking it is about, while that booking still exists */
  bookingId: string | null;
}

const MONTH_NAME = new Intl.DateTimeFormat('en-IE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-12' as 'December 2026'. */
export const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-15T12:00:00Z`));

const lotWhat = (lot: { source: string; month: string | null; reason?: string }) =>
  lot.source === 'allowance'
    ? `of your ${monthName(lot.month!)} allowance`
    : lot.reason
      ? `of the grant ‘${lot.reason}’`
      : 'of a grant';

/** Whether the lab hands out any credit: the menu links /credits then. */
export async function labHasCredits(db: Kysely<Database>) {
  return Boolean(await db.selectFrom('credits').select('id').limit(1).executeTakeFirst());
}

/** The lab's credits, and those a member has lots of: each one the page shows. */
async function creditsOf(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('credits')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('monthly_allowance', '>', 0),
        eb(
          'id',
          'in',
          eb.selectFrom('credit_lots').select('credit_id').where('credit_lots.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('name')
    .execute();
  return rows.map(toCredit);
}

/** What each of the member's bookings holds now, per credit: holds less releases and settlements. */
async function holdsOf(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('credit_entries')
    .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
    .select((eb) => [
      'credit_lots.credit_id',
      'credit_entries.booking_id',
      eb.fn.max('credit_entries.about').as('about'),
      eb.fn.min('credit_entries.created_at').as('first'),
      eb.fn
        .sum<number | string>(
          sql<number>`case when credit_entries.kind = 'hold' then credit_entries.amount when credit_entries.kind in ('release', 'settle') then -credit_entries.amount else 0 end`,
        )
        .as('held'),
    ])
    .where('credit_lots.user_id', '=', userId)
    .where('credit_entries.booking_id', 'is not', null)
    .groupBy(['credit_lots.credit_id', 'credit_entries.booking_id'])
    .orderBy('first')
    .execute();
  const holding = rows
    .map((row) => ({ ...row, bookingId: row.booking_id!, held: Number(row.held) }))
    .filter((row) => row.held > 0);
  const ids = holding.map((row) => row.bookingId);
  const booked = ids.length
    ? await selectBookings(db)
        .where('bookings.id', 'in', ids)
        .where('bookings.user_id', '=', userId)
        .execute()
    : [];
  return { holding, bookings: new Map(booked.map((row) => [row.id, toBooking(row)])) };
}

/** The member's credits: per credit, available now, held by which bookings, expiring soon. */
export async function memberCredits(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<MemberCredit[]> {
  const [credits, { holding, bookings }] = await Promise.all([creditsOf(db, userId), holdsOf(db, userId)]);
  const soon = now.getTime() + EXPIRING_DAYS * DAY_MS;
  return Promise.all(
    credits.map(async (credit) => {
      const lots = await liveLots(db, userId, credit.id, now);
      const order = drawOrder(lots, now, credit.monthlyAllowance);
      const available = totalOf(order);
      // This month's allowance not made yet expires too; a lot of a later month is not spendable now but may expire soon.
      const unmade = order.filter((lot) => lot.id === null).map((lot) => ({ ...lot, reason: '' }));
      const expiring = [...unmade, ...lots]
        .filter((lot) => lot.remaining > 0 && lot.expiresAt && Date.parse(lot.expiresAt) <= soon)
        .sort((a, b) => Date.parse(a.expiresAt!) - Date.parse(b.expiresAt!))
        .map((lot) => ({
          amount: lot.remaining,
          amountText: amountText(lot.remaining, credit),
          what: lotWhat(lot),
          expiresAt: lot.expiresAt!,
          expires: expiryText(lot.expiresAt),
        }));
      const held = holding
        .filter((row) => row.credit_id === credit.id)
        .map((row): HeldCredits => {
          const booking = bookings.get(row.bookingId);
          const open = booking && openActions(booking, booking.terms, now);
          return {
            bookingId: row.bookingId,
            about: booking ? `${booking.resource.name}, ${whenText(booking)}` : (row.about ?? ''),
            amount: row.held,
            amountText: amountText(row.held, credit),
            cancel: open?.cancel ? 'cancel' : open?.release ? 'release' : null,
          };
        });
      return { credit, available, availableText: amountText(available, credit), held, expiring };
    }),
  );
}

// Entries written in one transaction share their instant: the lot's first entry before a hold on
// it, a hold before what ends it.
const KIND_ORDER = sql<number>`case credit_entries.kind when 'grant' then 0 when 'allowance' then 0 when 'hold' then 1 when 'adjust' then 1 when 'settle' then 2 when 'release' then 3 else 4 end`;

/** Every entry of the member's lots, newest first (the first `limit`), and how many more there are. */
export async function creditStatement(
  db: Kysely<Database>,
  userId: string,
  { limit = STATEMENT_SHOWN as number | null } = {},
): Promise<{ lines: StatementLine[]; more: number }> {
  let query = db
    .selectFrom('credit_entries')
    .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
    .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
    .select([
      'credit_entries.id',
      'credit_entries.kind',
      'credit_entries.amount',
      'credit_entries.delta',
      'credit_entries.booking_id',
      'credit_entries.about',
      'credit_entries.reason',
      'credit_entries.created_at',
      'credit_lots.source',
      'credit_lots.month',
      'credits.name',
      'credits.unit',
    ])
    .where('credit_lots.user_id', '=', userId)
    .orderBy('credit_entries.created_at', 'desc')
    .orderBy(KIND_ORDER, 'desc')
    .orderBy('credit_entries.id', 'desc');
  if (limit !== null) query = query.limit(limit + 1);
  const rows = await query.execute();
  let more = 0;
  if (limit !== null && rows.length > limit) {
    rows.length = limit;
    const counted = await db
      .selectFrom('credit_entries')
      .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('credit_lots.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    more = Number(counted.n) - limit;
  }
  const ids = [...new Set(rows.map((row) => row.booking_id).filter((id): id is string => Boolean(id)))];
  // Cancelled bookings are deleted after 30 days: their lines keep their words, without a link.
  const existing = ids.length
    ? new Set(
        (
          await db
            .selectFrom('bookings')
            .select('id')
            .where('id', 'in', ids)
            .where('user_id', '=', userId)
            .execute()
        ).map((row) => row.id),
      )
    : new Set<string>();
  return {
    lines: rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      when: instantText(row.created_at),
      credit: row.name,
      kind: row.kind,
      text: `${ENTRY_TEXT[row.kind] ?? row.kind}: ${amountText(row.amount, row)}`,
      delta: row.delta,
      about: row.about,
      // An allowance's reason is its month's key ('allowance for 2026-12'): in words instead.
      reason: row.kind === 'allowance' && row.month ? `for ${monthName(row.month)}` : row.reason,
      bookingId: row.booking_id && existing.has(row.booking_id) ? row.booking_id : null,
    })),
    more,
  };
}

/** credits.json of the member's data export: their lots and every entry, with reasons and bookings. */
export async function creditsExport(db: Kysely<Database>, userId: string) {
  const lots = await db
    .selectFrom('credit_lots')
    .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
    .select([
      'credit_lots.id',
      'credits.name as credit',
      'credits.unit',
      'credit_lots.source',
      'credit_lots.month',
      'credit_lots.amount',
      'credit_lots.remaining',
      'credit_lots.expires_at',
      'credit_lots.reason',
      'credit_lots.created_by',
      'credit_lots.created_at',
    ])
    .where('credit_lots.user_id', '=', userId)
    .orderBy('credit_lots.created_at')
    .orderBy('credit_lots.id')
    .execute();
  const entries = lots.length
    ? await db
        .selectFrom('credit_entries')
        .selectAll()
        .where(
          'lot_id',
          'in',
          lots.map((lot) => lot.id),
        )
        .orderBy('created_at')
        .orderBy(KIND_ORDER)
        .orderBy('id')
        .execute()
    : [];
  return {
    lots: lots.map((lot) => ({
      credit: lot.credit,
      unit: lot.unit,
      source: lot.source,
      month: lot.month,
      amount: lot.amount,
      remaining: lot.remaining,
      expires_at: lot.expires_at ?? (lot.month ? monthEndOf(lot.month).toISOString() : null),
      reason: lot.reason,
      given_by: lot.created_by,
      created_at: lot.created_at,
      entries: entries
        .filter((entry) => entry.lot_id === lot.id)
        .map((entry) => ({
          kind: entry.kind,
          what: ENTRY_TEXT[entry.kind] ?? entry.kind,
          amount: entry.amount,
          change: entry.delta,
          booking_id: entry.booking_id,
          about: entry.about,
          reason: entry.reason,
          by: entry.actor,
          at: entry.created_at,
        })),
    })),
  };
}
