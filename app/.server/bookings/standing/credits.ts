// The credit ledger (docs/decisions/031-credit-ledger.md): every change to a lot is one appended
// entry, made in the same transaction as a guarded update of the lot's `remaining` that never
// takes it below zero (and the database's CHECK behind it). A booking holds its cost in its own
// transaction; how it ends releases or settles what it holds (effects of the lifecycle,
// core/lifecycle.ts). What a booking holds is read from its entries: holds less releases and
// settlements, per lot.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, EntryKind } from '../../db/schema';
import { isPostgres } from '../../db/engine';
import { whenText } from '~/lib/bookings/format';
import { DAY_MS } from '~/lib/time-units';
import { selectBookings, toBooking, writeTransaction } from '../core/rows';
import { queueCreditsExpiring } from '../notify/mail';
import {
  amountText,
  expiryText,
  drawOrder,
  drawPlan,
  monthEndOf,
  shortText,
  totalOf,
  type Cost,
  type Credit,
  type SpendLot,
} from '~/lib/bookings/credits';

/** A hold the member's lots cannot pay: the transaction it is thrown in is rolled back. */
export class CreditsShort extends Error {
  constructor(
    readonly need: number,
    readonly have: number,
    credit: Pick<Credit, 'name' | 'unit'>,
  ) {
    super(shortText(credit, need, have));
    this.name = 'CreditsShort';
  }
}

export const toCredit = (row: {
  id: string;
  name: string;
  unit: string;
  monthly_allowance: number;
}): Credit => ({ id: row.id, name: row.name, unit: row.unit, monthlyAllowance: row.monthly_allowance });

/** The member's lots of `creditId` with something left that have not expired by `now`. */
export async function liveLots(db: Kysely<Database>, userId: string, creditId: string, now: Date) {
  const rows = await db
    .selectFrom('credit_lots')
    .select(['id', 'source', 'month', 'expires_at', 'remaining', 'amount', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .where('credit_id', '=', creditId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id as string | null,
    source: row.source,
    month: row.month,
    expiresAt: row.expires_at,
    remaining: row.remaining,
    amount: row.amount,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}

/**
 * What a booking starting at `start` could draw, and from which lots in order (the month's allowance
 * included, made or not): what the confirm page says and the hold spends.
 */
export async function spendable(
  db: Kysely<Database>,
  input: { userId: string; credit: Credit; start: Date; now: Date },
) {
  const lots: SpendLot[] = await liveLots(db, input.userId, input.credit.id, input.now);
  const order = drawOrder(lots, input.start, input.credit.monthlyAllowance);
  return { order, have: totalOf(order) };
}

type Actor = 'member' | 'lab' | `@${string}` | 'admin CLI';

interface EntryInput {
  kind: EntryKind;
  amount: number;
  delta: number;
  bookingId?: string | null;
  about?: string;
  reason?: string;
  actor: Actor;
  now: Date;
}

/**
 * Appends one entry to lot `lotId` and moves its `remaining` by the entry's delta, in `trx`, by a
 * guarded update: false (and nothing written) when the lot has less than a negative delta takes.
 */
async function append(trx: Kysely<Database>, lotId: string, entry: EntryInput): Promise<boolean> {
  if (entry.delta !== 0) {
    const moved = await trx
      .updateTable('credit_lots')
      .set((eb) => ({ remaining: eb('remaining', '+', entry.delta) }))
      .where('id', '=', lotId)
      .where('remaining', '>=', -entry.delta)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
  }
  await insertEntry(trx, lotId, entry);
  return true;
}

/**
 * Writes the entry, stamped no earlier than a millisecond after the lot's last one: two entries of
 * a lot in one millisecond (an admin's two adjustments, a hold and its settle) keep the order they
 * were written in on the statement, which lists newest first. Writers of a lot take turns: each
 * moves its `remaining` first, in the same transaction.
 */
async function insertEntry(trx: Kysely<Database>, lotId: string, entry: EntryInput) {
  const last = await trx
    .selectFrom('credit_entries')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('lot_id', '=', lotId)
    .executeTakeFirst();
  const at = Math.max(entry.now.getTime(), last?.at ? Date.parse(last.at) + 1 : 0);
  await trx
    .insertInto('credit_entries')
    .values({
      id: crypto.randomUUID(),
      lot_id: lotId,
      kind: entry.kind,
      amount: entry.amount,
      delta: entry.delta,
      booking_id: entry.bookingId ?? null,
      about: entry.about ?? '',
      reason: entry.reason ?? '',
      actor: entry.actor,
      created_at: new Date(at).toISOString(),
    })
    .execute();
}

/**
 * Makes a new lot with its first entry ('grant' or 'allowance'), in `trx`; its id, or null when a
 * lot of the same allowance month or grant key exists already (the unique indexes decide, so two
 * requests at once make one).
 */
export async function addLot(
  trx: Kysely<Database>,
  lot: {
    creditId: string;
    userId: string;
    source: 'allowance' | 'grant';
    month?: string;
    grantKey?: string;
    amount: number;
    expiresAt: Date | null;
    reason: string;
    actor: Actor;
    now: Date;
  },
): Promise<string | null> {
  const id = crypto.randomUUID();
  const made = await trx
    .insertInto('credit_lots')
    .values({
      id,
      credit_id: lot.creditId,
      user_id: lot.userId,
      source: lot.source,
      month: lot.month ?? null,
      grant_key: lot.grantKey ?? null,
      amount: lot.amount,
      remaining: lot.amount,
      expires_at: lot.expiresAt?.toISOString() ?? null,
      reason: lot.reason,
      created_by: lot.actor,
      created_at: lot.now.toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) return null;
  // The lot starts with its amount: the entry records it without moving it again.
  await insertEntry(trx, id, {
    kind: lot.source,
    amount: lot.amount,
    delta: lot.amount,
    reason: lot.reason,
    actor: lot.actor,
    now: lot.now,
  });
  return id;
}

interface HoldInput {
  bookingId: string;
  userId: string;
  cost: Cost;
  start: Date;
  amount: number;
  about: string;
  actor: Actor;
  reason?: string;
  /** 'Book anyway': hold what the member has when it is less (the lab gives the rest) */
  partial?: boolean;
  now: Date;
}

/**
 * Holds `amount` of the member's credit for a booking, from the lots its start may draw from in
 * their order (the month's allowance made first when it is not yet); what it held. Throws
 * CreditsShort when the lots have less, unless `partial`.
 */
export async function hold(trx: Kysely<Database>, input: HoldInput): Promise<number> {
  const { credit } = input.cost;
  const { order, have } = await spendable(trx, { ...input, credit });
  if (have < input.amount && !input.partial) throw new CreditsShort(input.amount, have, credit);
  const plan = drawPlan(order, Math.min(have, input.amount)) ?? [];
  for (const { lot, amount } of plan) {
    const lotId =
      lot.id ??
      (await addLot(trx, {
        creditId: credit.id,
        userId: input.userId,
        source: 'allowance',
        month: lot.month!,
        amount: lot.remaining,
        expiresAt: monthEndOf(lot.month!),
        reason: `allowance for ${lot.month}`,
        actor: 'lab',
        now: input.now,
      }));
    // A lot another transaction emptied since it was read: the guarded update refuses, and so do we.
    const held =
      lotId !== null &&
      (await append(trx, lotId, {
        kind: 'hold',
        amount,
        delta: -amount,
        bookingId: input.bookingId,
        about: input.about,
        reason: input.reason,
        actor: input.actor,
        now: input.now,
      }));
    if (!held) throw new CreditsShort(input.amount, have - amount, credit);
  }
  return Math.min(have, input.amount);
}

/** What a booking holds now, per lot, in the order it drew them. */
export async function heldBy(db: Kysely<Database>, bookingId: string) {
  const rows = await db
    .selectFrom('credit_entries')
    .select((eb) => [
      'lot_id',
      eb.fn.min('created_at').as('first'),
      eb.fn
        .sum<number | string>(
          sql<number>`case when kind = 'hold' then amount when kind in ('release', 'settle') then -amount else 0 end`,
        )
        .as('held'),
    ])
    .where('booking_id', '=', bookingId)
    .groupBy('lot_id')
    .orderBy('first')
    .execute();
  return rows.map((row) => ({ lotId: row.lot_id, held: Number(row.held) })).filter((row) => row.held > 0);
}

/**
 * Ends what a booking holds: settles (spends) `spend` of it, the lots it drew first first, and
 * releases the rest back to its lots. `spend` undefined: all of it. Nothing when it holds nothing
 * (ended already: of two at once, the second finds nothing, under the booking's row lock).
 */
export async function endHold(
  trx: Kysely<Database>,
  bookingId: string,
  entry: { spend?: number; about: string; reason?: string; actor: Actor; now: Date },
) {
  const held = await heldBy(trx, bookingId);
  let toSpend = entry.spend ?? Infinity;
  for (const { lotId, held: amount } of held) {
    const spent = Math.min(amount, toSpend);
    toSpend -= spent;
    const base = { bookingId, about: entry.about, reason: entry.reason, actor: entry.actor, now: entry.now };
    if (spent > 0) await append(trx, lotId, { ...base, kind: 'settle', amount: spent, delta: 0 });
    if (amount > spent)
      await append(trx, lotId, { ...base, kind: 'release', amount: amount - spent, delta: amount - spent });
  }
  return held.reduce((sum, row) => sum + row.held, 0);
}

/** Locks a booking's row on PostgreSQL until the transaction ends (SQLite's writer lock already does). */
export async function lockBooking(trx: Kysely<Database>, bookingId: string) {
  if (isPostgres(trx)) await sql`select id from bookings where id = ${bookingId} for update`.execute(trx);
}

/**
 * The worker's settlement of a booking that ran to its end ('credits-settle', queued for its end by
 * the lifecycle): all it still holds is spent. Under the booking's row lock, so a cancel at the
 * same moment either comes first (and released it all) or finds nothing left to release.
 */
export async function settleEnded(db: Kysely<Database>, bookingId: string, now = new Date()) {
  return writeTransaction(db, async (trx) => {
    await lockBooking(trx, bookingId);
    const row = await selectBookings(trx).where('bookings.id', '=', bookingId).executeTakeFirst();
    if (!row || !['active', 'checked_in'].includes(row.status) || Date.parse(row.ends_at) > now.getTime())
      return 0;
    const booking = toBooking(row);
    return endHold(trx, bookingId, {
      about: `${booking.resource.name}, ${whenText(booking)}`,
      reason: 'ended',
      actor: 'lab',
      now,
    });
  });
}

/** Lots past their expiry with something left: each gets an 'expire' entry for it, in its own transaction. */
export async function expireLots(db: Kysely<Database>, now = new Date()) {
  const due = await db
    .selectFrom('credit_lots')
    .select(['id', 'remaining'])
    .where('expires_at', '<=', now.toISOString())
    .where('remaining', '>', 0)
    .execute();
  let expired = 0;
  for (const lot of due)
    await writeTransaction(db, async (trx) => {
      // What it has now: a release may have come back to it since the list was read.
      const { remaining } = await trx
        .selectFrom('credit_lots')
        .select('remaining')
        .where('id', '=', lot.id)
        .executeTakeFirstOrThrow();
      if (
        remaining > 0 &&
        (await append(trx, lot.id, {
          kind: 'expire',
          amount: remaining,
          delta: -remaining,
          actor: 'lab',
          now,
        }))
      )
        expired += remaining;
    });
  return expired;
}

/** Queues the notice for each member's lot that expires within 7 days with something left (once per lot). */
export async function queueExpiryNotices(db: Kysely<Database>, now = new Date()) {
  const soon = await db
    .selectFrom('credit_lots')
    .innerJoin('users', 'users.id', 'credit_lots.user_id')
    .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
    .select([
      'credit_lots.id',
      'credit_lots.remaining',
      'credit_lots.expires_at',
      'users.email',
      'credits.name',
      'credits.unit',
    ])
    .where('credit_lots.expires_at', '>', now.toISOString())
    .where('credit_lots.expires_at', '<=', new Date(now.getTime() + 7 * DAY_MS).toISOString())
    .where('credit_lots.remaining', '>', 0)
    .execute();
  for (const lot of soon)
    await queueCreditsExpiring(db, lot.email, {
      id: lot.id,
      amount: amountText(lot.remaining, lot),
      expires: expiryText(lot.expires_at),
    });
  return soon.length;
}

/**
 * Lots whose `remaining` differs from the sum of their entries: none, unless something wrote to a
 * lot outside append(). Each is logged; the housekeeping job fails with them, so /admin/jobs shows it.
 */
export async function ledgerDrift(db: Kysely<Database>) {
  const drift = await db
    .selectFrom('credit_lots')
    .leftJoin('credit_entries', 'credit_entries.lot_id', 'credit_lots.id')
    .select((eb) => [
      'credit_lots.id',
      'credit_lots.remaining',
      eb.fn.coalesce(eb.fn.sum<number | string>('credit_entries.delta'), sql<number>`0`).as('entries'),
    ])
    .groupBy(['credit_lots.id', 'credit_lots.remaining'])
    .having(sql<boolean>`credit_lots.remaining <> coalesce(sum(credit_entries.delta), 0)`)
    .execute();
  const found = drift.map(
    (lot) => `lot ${lot.id}: remaining ${lot.remaining}, entries say ${Number(lot.entries)}`,
  );
  if (found.length) {
    console.error(`Credit ledger drift: ${found.join('; ')}`);
    throw new Error(`credit ledger drift in ${found.length} lot(s): ${found.join('; ')}`);
  }
}

/**
 * An admin's adjustment of a lot by `delta` (either way), with their reason, in `trx`: one 'adjust'
 * entry through the same guarded update as every other, so false (and nothing written) when a
 * negative delta takes more than the lot has.
 */
export const adjustLot = (
  trx: Kysely<Database>,
  lotId: string,
  input: { delta: number; reason: string; actor: Actor; now: Date },
) =>
  append(trx, lotId, {
    kind: 'adjust',
    amount: Math.abs(input.delta),
    delta: input.delta,
    reason: input.reason,
    actor: input.actor,
    now: input.now,
  });
