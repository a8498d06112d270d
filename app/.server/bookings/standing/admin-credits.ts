// Credits as admins run them (/admin/credits, docs/product.md §10 'Credits'): the credits with their
// monthly allowance and what is outstanding of each, credits made and edited, grants to one member
// or to every member, a member's ledger, adjustments, and the whole ledger as CSV. Every change
// writes its audit entry (and its mails) in its own transaction; the lots and entries themselves
// are written only by the ledger (./credits.ts), through its guarded update.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actorName, recordAudit, type Actor } from '../../audit';
import { userByUsername } from '../../store/usernames';
import { writeTransaction } from '../core/rows';
import { queueCreditsGranted } from '../notify/mail';
import { addLot, adjustLot, toCredit } from './credits';
import { amountText, expiryText, type Credit } from '~/lib/bookings/credits';
import type { CreditForm } from '~/lib/bookings/schemas';

/** A credit as /admin/credits lists it: what members hold of it unexpired, and what bookings hold. */
export interface AdminCredit extends Credit {
  /** the remaining of every unexpired lot */
  outstanding: number;
  /** what bookings hold now (not in `outstanding`: a hold takes it from its lot) */
  held: number;
}

const HELD = sql<number>`case when credit_entries.kind = 'hold' then credit_entries.amount when credit_entries.kind in ('release', 'settle') then -credit_entries.amount else 0 end`;

/** Every credit, by name, with its outstanding and held totals. */
export async function adminCreditList(db: Kysely<Database>, now = new Date()): Promise<AdminCredit[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('credits')
    .selectAll('credits')
    .select((eb) => [
      eb
        .selectFrom('credit_lots')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number | string>('remaining'), sql<number>`0`).as('n'))
        .whereRef('credit_lots.credit_id', '=', 'credits.id')
        .where((sub) => sub.or([sub('expires_at', 'is', null), sub('expires_at', '>', at)]))
        .as('outstanding'),
      eb
        .selectFrom('credit_entries')
        .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number | string>(HELD), sql<number>`0`).as('n'))
        .whereRef('credit_lots.credit_id', '=', 'credits.id')
        .as('held'),
    ])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    ...toCredit(row),
    outstanding: Number(row.outstanding ?? 0),
    held: Number(row.held ?? 0),
  }));
}

export type CreditSave =
  | { status: 'saved'; id: string }
  | { status: 'invalid'; fieldErrors: Record<string, string[]> }
  | { status: 'not-found' };

/** Makes a credit, or edits one (`creditId`); a name another credit has is an error next to it. */
export async function saveCredit(
  db: Kysely<Database>,
  creditId: string | null,
  form: CreditForm,
  actor: Actor,
): Promise<CreditSave> {
  return writeTransaction(db, async (trx): Promise<CreditSave> => {
    const existing = creditId
      ? await trx.selectFrom('credits').selectAll().where('id', '=', creditId).executeTakeFirst()
      : null;
    if (creditId && !existing) return { status: 'not-found' };
    const clash = await trx
      .selectFrom('credits')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${form.name})`)
      .where('id', '!=', existing?.id ?? '')
      .executeTakeFirst();
    if (clash) return { status: 'invalid', fieldErrors: { name: ['Another credit has this name'] } };
    const now = new Date().toISOString();
    const values = {
      name: form.name,
      unit: form.unit,
      monthly_allowance: form.monthlyAllowance,
      updated_at: now,
    };
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) await trx.updateTable('credits').set(values).where('id', '=', id).execute();
    else
      await trx
        .insertInto('credits')
        .values({ id, created_at: now, ...values })
        .execute();
    const was = existing && toCredit(existing);
    await recordAudit(trx, actor, {
      action: existing ? 'credit.update' : 'credit.create',
      target: `credit ${form.name}`,
      detail: was
        ? [
            was.name !== form.name ? `name ${was.name} → ${form.name}` : '',
            was.unit !== form.unit ? `unit ${was.unit} → ${form.unit}` : '',
            was.monthlyAllowance !== form.monthlyAllowance
              ? `monthly allowance ${was.monthlyAllowance} → ${form.monthlyAllowance}`
              : '',
          ]
            .filter(Boolean)
            .join('; ') || 'no change'
        : `unit ${form.unit}, monthly allowance ${form.monthlyAllowance}`,
    });
    return { status: 'saved', id };
  });
}

export interface GrantInput {
  creditId: string;
  /** a member's username, or every member */
  to: { username: string } | 'all';
  amount: number;
  reason: string;
  /** null: never */
  expiresAt: Date | null;
  /** the form's key: the same form sent twice grants once */
  key: string;
}

export type GrantOutcome =
  | { status: 'granted'; count: number; credit: Credit }
  | { status: 'already' }
  | { status: 'no-member' }
  | { status: 'no-credit' };

/** Thrown inside a grant's transaction to roll back a repeat of a form already granted. */
class RepeatedGrant extends Error {}

/**
 * Grants `amount` to one member or to every member (role member or admin, not stopped from signing
 * in), in one transaction: each granted member is mailed, and the grant is audited once. A lot per
 * member under the form's key, made by addLot: its unique index makes the same form sent twice,
 * even at the same moment, grant once. One lot found made marks the whole form a repeat, and the
 * repeat is rolled back: a member who joined between the two sends is not granted by the second.
 */
export async function grantCredits(
  db: Kysely<Database>,
  input: GrantInput,
  actor: Actor,
  now = new Date(),
): Promise<GrantOutcome> {
  try {
    return await grantOnce(db, input, actor, now);
  } catch (error) {
    if (error instanceof RepeatedGrant) return { status: 'already' };
    throw error;
  }
}

function grantOnce(db: Kysely<Database>, input: GrantInput, actor: Actor, now: Date): Promise<GrantOutcome> {
  return writeTransaction(db, async (trx): Promise<GrantOutcome> => {
    const row = await trx
      .selectFrom('credits')
      .selectAll()
      .where('id', '=', input.creditId)
      .executeTakeFirst();
    if (!row) return { status: 'no-credit' };
    const credit = toCredit(row);
    const members =
      input.to === 'all'
        ? await trx
            .selectFrom('users')
            .select(['id', 'username', 'email'])
            .where('role', 'in', ['member', 'admin'])
            .where('disabled_at', 'is', null)
            .orderBy('username_key')
            .execute()
        : await userByUsername(trx, input.to.username).select(['id', 'username', 'email']).execute();
    if (!members.length) return { status: 'no-member' };
    const amount = amountText(input.amount, credit);
    const expires = expiryText(input.expiresAt?.toISOString() ?? null);
    for (const member of members) {
      const lotId = await addLot(trx, {
        creditId: credit.id,
        userId: member.id,
        source: 'grant',
        grantKey: input.key,
        amount: input.amount,
        expiresAt: input.expiresAt,
        reason: input.reason,
        actor: actorName(actor),
        now,
      });
      if (!lotId) throw new RepeatedGrant();
      await queueCreditsGranted(trx, member.email, { id: lotId, amount, reason: input.reason, expires });
    }
    const count = members.length;
    await recordAudit(trx, actor, {
      action: 'credit.grant',
      target: input.to === 'all' ? `every member (${count})` : `@${members[0]!.username}`,
      detail: `${amount}, expires ${expires}: ${input.reason}`,
    });
    return { status: 'granted', count, credit };
  });
}

/** A member's lots (newest first) and every entry of them (newest first), for /admin/credits?member=. */
export async function memberLedger(db: Kysely<Database>, username: string, now = new Date()) {
  const member = await userByUsername(db, username).select(['id', 'username', 'fullname']).executeTakeFirst();
  if (!member) return null;
  const lots = await db
    .selectFrom('credit_lots')
    .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
    .select([
      'credit_lots.id',
      'credit_lots.source',
      'credit_lots.month',
      'credit_lots.amount',
      'credit_lots.remaining',
      'credit_lots.expires_at',
      'credit_lots.reason',
      'credit_lots.created_at',
      'credits.name',
      'credits.unit',
    ])
    .where('credit_lots.user_id', '=', member.id)
    .orderBy('credit_lots.created_at', 'desc')
    .orderBy('credit_lots.id')
    .execute();
  const entries = lots.length
    ? await db
        .selectFrom('credit_entries')
        .select([
          'id',
          'lot_id',
          'kind',
          'amount',
          'delta',
          'booking_id',
          'about',
          'reason',
          'actor',
          'created_at',
        ])
        .where(
          'lot_id',
          'in',
          lots.map((lot) => lot.id),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
    : [];
  const at = now.toISOString();
  return {
    member,
    lots: lots.map((lot) => ({
      id: lot.id,
      credit: { name: lot.name, unit: lot.unit },
      source: lot.source,
      month: lot.month,
      amount: lot.amount,
      remaining: lot.remaining,
      expiresAt: lot.expires_at,
      expired: lot.expires_at !== null && lot.expires_at <= at,
      reason: lot.reason,
      createdAt: lot.created_at,
    })),
    entries: entries.map((entry) => {
      const lot = lots.find((each) => each.id === entry.lot_id)!;
      return {
        id: entry.id,
        lotId: entry.lot_id,
        credit: { name: lot.name, unit: lot.unit },
        kind: entry.kind,
        amount: entry.amount,
        delta: entry.delta,
        bookingId: entry.booking_id,
        about: entry.about,
        reason: entry.reason,
        actor: entry.actor,
        createdAt: entry.created_at,
      };
    }),
  };
}

export type AdjustOutcome =
  | { status: 'adjusted'; username: string | null; remaining: number }
  | { status: 'short'; remaining: number; credit: { name: string; unit: string } }
  | { status: 'not-found' };

/**
 * Moves a lot's remaining by `delta` with a reason (an 'adjust' entry, audited): refused, and
 * nothing written, when a negative delta takes more than the lot has (the ledger's guarded update
 * decides, so a booking's hold at the same moment cannot take it below zero either).
 */
export async function adjustCredits(
  db: Kysely<Database>,
  input: { lotId: string; delta: number; reason: string },
  actor: Actor,
  now = new Date(),
): Promise<AdjustOutcome> {
  return writeTransaction(db, async (trx): Promise<AdjustOutcome> => {
    const lot = await trx
      .selectFrom('credit_lots')
      .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
      .leftJoin('users', 'users.id', 'credit_lots.user_id')
      .select(['credit_lots.remaining', 'credits.name', 'credits.unit', 'users.username'])
      .where('credit_lots.id', '=', input.lotId)
      .executeTakeFirst();
    if (!lot) return { status: 'not-found' };
    const credit = { name: lot.name, unit: lot.unit };
    const moved = await adjustLot(trx, input.lotId, { ...input, actor: actorName(actor), now });
    if (!moved) {
      // What it has now: the guarded update read it under its own lock.
      const { remaining } = await trx
        .selectFrom('credit_lots')
        .select('remaining')
        .where('id', '=', input.lotId)
        .executeTakeFirstOrThrow();
      return { status: 'short', remaining, credit };
    }
    await recordAudit(trx, actor, {
      action: 'credit.adjust',
      target: lot.username ? `@${lot.username}` : 'removed member',
      detail: `${input.delta > 0 ? '+' : ''}${amountText(input.delta, credit)} (lot ${input.lotId}): ${input.reason}`,
    });
    return { status: 'adjusted', username: lot.username, remaining: lot.remaining + input.delta };
  });
}

/** Every entry of the ledger, oldest first, with its lot's member and credit: 'Download CSV'. */
export async function ledgerRows(db: Kysely<Database>, actor: Actor) {
  return writeTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom('credit_entries')
      .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
      .innerJoin('credits', 'credits.id', 'credit_lots.credit_id')
      .leftJoin('users', 'users.id', 'credit_lots.user_id')
      .select([
        'credit_entries.created_at',
        'users.username',
        'credits.name as credit',
        'credit_entries.lot_id',
        'credit_entries.kind',
        'credit_entries.amount',
        'credit_entries.delta',
        'credit_entries.about',
        'credit_entries.reason',
        'credit_entries.actor',
      ])
      .orderBy('credit_entries.created_at')
      .orderBy('credit_entries.id')
      .execute();
    // An export that names members goes to the audit log, as the day's bookings do.
    await recordAudit(trx, actor, {
      action: 'credit.export',
      target: 'the credit ledger',
      detail: `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}`,
    });
    return rows;
  });
}
