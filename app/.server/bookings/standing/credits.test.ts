// The credit ledger on the real store (both engines): the database's own guards (append-only
// entries, no lot below zero), the races of docs/decisions/031-credit-ledger.md, the lab month an
// allowance belongs to, and the worker's settlement, expiry and drift check.
import { afterAll, describe, expect, test } from 'vitest';
import crypto from 'node:crypto';
import { db } from '../../db';
import { book, changeBooking } from '../core/book';
import { cancelForLab } from '../core/staff';
import { expireLots, heldBy, ledgerDrift, queueExpiryNotices, settleEnded } from './credits';
import {
  granted,
  hourAhead,
  minutesAfter,
  newCredit,
  newMember,
  newResource,
  bookedBy,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const lotOf = (id: string) =>
  db.selectFrom('credit_lots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const entriesOf = (lotId: string) =>
  db
    .selectFrom('credit_entries')
    .select(['kind', 'amount', 'delta', 'booking_id'])
    .where('lot_id', '=', lotId)
    .orderBy('created_at')
    .execute();

/** A member with `amount` credits of a fresh credit, and a resource costing `perHour` of it. */
async function memberWithCredits(amount: number, perHour = 3, { allowance = 0, rules = {} } = {}) {
  const credit = await newCredit(db, { allowance });
  const resource = await newResource(db, {
    cost: { creditId: credit.id, perHour },
    rules: { maxUpcoming: 20, ...rules },
  });
  const member = await newMember(db, 'credits');
  const lot = amount ? await granted(db, member.id, credit.id, amount) : null;
  return { credit, resource, member, lot };
}

describe('the database guards the ledger on its own', () => {
  test('an entry is never updated or deleted; a lot never goes below zero', async () => {
    const { lot } = await memberWithCredits(5);
    await expect(
      db.updateTable('credit_entries').set({ amount: 50 }).where('lot_id', '=', lot!).execute(),
    ).rejects.toThrow(/credit_entries_append_only/);
    await expect(db.deleteFrom('credit_entries').where('lot_id', '=', lot!).execute()).rejects.toThrow(
      /credit_entries_append_only/,
    );
    await expect(
      db.updateTable('credit_lots').set({ remaining: -1 }).where('id', '=', lot!).execute(),
    ).rejects.toThrow(/check|constraint/i);
    expect((await entriesOf(lot!)).map((entry) => entry.amount)).toEqual([5]);
    expect((await lotOf(lot!)).remaining).toBe(5);
  });

  test('the drift check finds a lot whose entries do not add up to what it has', async () => {
    const { lot } = await memberWithCredits(5);
    await expect(ledgerDrift(db)).resolves.toBeUndefined();
    const stray = (delta: number) =>
      db
        .insertInto('credit_entries')
        .values({
          id: crypto.randomUUID(),
          lot_id: lot!,
          kind: 'adjust',
          amount: Math.abs(delta),
          delta,
          actor: 'admin CLI',
          created_at: new Date().toISOString(),
        })
        .execute();
    // An entry written without moving its lot (what append() never does).
    await stray(2);
    await expect(ledgerDrift(db)).rejects.toThrow(`lot ${lot}: remaining 5, entries say 7`);
    await stray(-2);
    await expect(ledgerDrift(db)).resolves.toBeUndefined();
  });
});

describe('races end with the ledger whole', () => {
  test('8 bookings at once spending the last 3 credits: one booked, 7 told they need more', async () => {
    const { credit, resource, member, lot } = await memberWithCredits(3);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        book(db, {
          resourceId: resource.id,
          userId: member.id,
          start: hourAhead(2 + i),
          minutes: 60,
          note: '',
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'booked')).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.status === 'refused');
    expect(refused).toHaveLength(7);
    for (const outcome of refused)
      expect(outcome.refusal).toMatchObject({
        rule: 'credits',
        field: 'minutes',
        message: `You need 3 ${credit.name} for this and have 0.`,
      });
    expect((await lotOf(lot!)).remaining).toBe(0);
    expect((await entriesOf(lot!)).map((entry) => entry.kind)).toEqual(['grant', 'hold']);
    const booked = await db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(booked.count)).toBe(1);
  });

  test('10 rounds of a staff cancel racing the settlement of an ended booking: one outcome each', async () => {
    const staffMember = await newMember(db, 'staff');
    const staff = { id: staffMember.id, username: staffMember.username, role: 'admin' as const };
    const outcomes = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const { resource, member, lot } = await memberWithCredits(10, 2);
      const start = hourAhead(1);
      const booking = await bookedBy(db, resource.id, member.id, start, 60);
      const after = minutesAfter(start, 61);
      await Promise.all([
        cancelForLab(db, booking.id, 'Machine broke mid-run', staff, after),
        settleEnded(db, booking.id, after),
      ]);
      const kinds = (await entriesOf(lot!)).map((entry) => entry.kind);
      // Exactly one of the two ended the hold, whichever came first.
      expect(kinds.slice(0, 2)).toEqual(['grant', 'hold']);
      expect(kinds.slice(2)).toHaveLength(1);
      outcomes.add(kinds[2]!);
      expect(await heldBy(db, booking.id)).toEqual([]);
      const { remaining } = await lotOf(lot!);
      expect(remaining).toBe(kinds[2] === 'release' ? 10 : 8);
    }
    await expect(ledgerDrift(db)).resolves.toBeUndefined();
    expect([...outcomes].every((kind) => kind === 'release' || kind === 'settle')).toBe(true);
  });
});

describe('the lab month a booking starts in', () => {
  test('a booking on 1 December 00:00-02:00 made on 28 November draws December’s allowance', async () => {
    const { resource, member, credit } = await memberWithCredits(0, 3, { allowance: 12 });
    const now = new Date('2026-11-28T10:00:00Z');
    const outcome = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start: new Date('2026-12-01T00:00:00Z'),
      minutes: 120,
      note: '',
      now,
    });
    expect(outcome.status).toBe('booked');
    const lots = await db.selectFrom('credit_lots').selectAll().where('user_id', '=', member.id).execute();
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({
      credit_id: credit.id,
      source: 'allowance',
      month: '2026-12',
      amount: 12,
      remaining: 6,
      // The allowance expires when December ends in Dublin (GMT in winter).
      expires_at: '2027-01-01T00:00:00.000Z',
    });
  });

  test('a booking across the night the clocks go forward costs its real minutes', async () => {
    const { resource, member, lot } = await memberWithCredits(20, 3);
    // 00:00-03:00 on the lab's clock on 28 March 2027 is 2 hours: 01:00 becomes 02:00.
    const outcome = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start: new Date('2027-03-28T00:00:00Z'),
      minutes: 120,
      note: '',
      now: new Date('2027-03-20T10:00:00Z'),
    });
    expect(outcome.status).toBe('booked');
    if (outcome.status === 'booked') expect(outcome.booking.end).toBe('2027-03-28T02:00:00.000Z');
    expect((await lotOf(lot!)).remaining).toBe(14);
  });

  test('a booking from 31 March 23:00 to 1 April 01:00 draws March’s allowance', async () => {
    const { resource, member } = await memberWithCredits(0, 3, { allowance: 12 });
    const outcome = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      // 23:00 Irish summer time
      start: new Date('2027-03-31T22:00:00Z'),
      minutes: 120,
      note: '',
      now: new Date('2027-03-25T10:00:00Z'),
    });
    expect(outcome.status).toBe('booked');
    const lots = await db.selectFrom('credit_lots').selectAll().where('user_id', '=', member.id).execute();
    expect(lots.map((lot) => [lot.month, lot.remaining, lot.expires_at])).toEqual([
      ['2027-03', 6, '2027-03-31T23:00:00.000Z'],
    ]);
  });
});

describe('holding, changing and overriding', () => {
  test('a longer booking the member cannot afford is refused and the old one stays', async () => {
    const { resource, member, lot, credit } = await memberWithCredits(4, 3);
    const start = hourAhead(2);
    const booking = await bookedBy(db, resource.id, member.id, start, 60);
    const outcome = await changeBooking(db, {
      bookingId: booking.id,
      userId: member.id,
      start,
      minutes: 120,
    });
    expect(outcome).toEqual({
      status: 'refused',
      refusal: {
        rule: 'credits',
        field: 'minutes',
        message: `You need 6 ${credit.name} for this and have 4.`,
      },
    });
    const row = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row.ends_at).toBe(booking.end);
    expect((await lotOf(lot!)).remaining).toBe(1);
    expect((await entriesOf(lot!)).map((entry) => entry.kind)).toEqual(['grant', 'hold']);
  });

  test('an admin’s booking for a member short of credits is refused, and on ‘Book anyway’ holds what they have', async () => {
    const { resource, member, lot, credit } = await memberWithCredits(2, 3);
    const admin = await newMember(db, 'admin');
    const request = {
      resourceId: resource.id,
      userId: member.id,
      start: hourAhead(3),
      minutes: 60,
      note: '',
      onBehalf: { actor: { username: admin.username }, reason: 'Demo day' },
    };
    expect(await book(db, request)).toEqual({
      status: 'refused',
      refusal: {
        rule: 'credits',
        field: 'minutes',
        message: `You need 3 ${credit.name} for this and have 2.`,
        overridable: true,
      },
    });
    const anyway = await book(db, { ...request, onBehalf: { ...request.onBehalf, override: true } });
    expect(anyway.status).toBe('booked');
    expect((await lotOf(lot!)).remaining).toBe(0);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor', '=', `@${admin.username}`)
      .execute();
    expect(audit).toEqual([
      {
        action: 'booking.override',
        detail: `Demo day (past: You need 3 ${credit.name} for this and have 2.)`,
      },
    ]);
  });
});

describe('the worker', () => {
  test('settles a booking that ran to its end once, and expires what a lot has left', async () => {
    const { resource, member, lot } = await memberWithCredits(10, 2);
    const start = hourAhead(1);
    const booking = await bookedBy(db, resource.id, member.id, start, 60);
    const job = await db
      .selectFrom('jobs')
      .select(['run_at', 'subject'])
      .where('kind', '=', 'credits-settle')
      .where('key', 'like', `%${booking.id}%`)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: booking.end, subject: `booking:${booking.id}` });
    // Before the end it settles nothing; after, all it holds, and only once.
    expect(await settleEnded(db, booking.id, minutesAfter(start, 30))).toBe(0);
    expect(await settleEnded(db, booking.id, minutesAfter(start, 60))).toBe(2);
    expect(await settleEnded(db, booking.id, minutesAfter(start, 61))).toBe(0);
    expect((await entriesOf(lot!)).map((entry) => entry.kind)).toEqual(['grant', 'hold', 'settle']);

    const expiring = await granted(db, member.id, (await lotOf(lot!)).credit_id, 5, {
      expiresAt: minutesAfter(new Date(), 60 * 24 * 3),
    });
    await queueExpiryNotices(db);
    await queueExpiryNotices(db);
    const notices = await db
      .selectFrom('jobs')
      .select('key')
      .where('key', '=', `mail:credits-expiring:${expiring}`)
      .execute();
    expect(notices).toHaveLength(1);
    expect(await expireLots(db, minutesAfter(new Date(), 60 * 24 * 4))).toBeGreaterThanOrEqual(5);
    expect((await lotOf(expiring)).remaining).toBe(0);
    expect((await entriesOf(expiring)).map((entry) => [entry.kind, entry.delta])).toEqual([
      ['grant', 5],
      ['expire', -5],
    ]);
  });
});
