// A member's credits as /credits and /api/credits read them, on the real store (both engines): the
// month's allowance before it is made, grants expiring within 30 days, what each booking holds, and
// a statement whose lines link their bookings while those exist. A database of its own: it counts
// the lab's credits.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { ownDatabase } from '../../../../tests/support/own-database';
import { hourAhead, newMember, newResource } from '../../../../tests/support/store-fixtures';
import { book, cancelBooking } from '../core/book';
import { nowIso } from '~/lib/dates';
import { DAY_MS } from '~/lib/time-units';
import { addLot } from './credits';
import { creditStatement, creditsExport, labHasCredits, memberCredits } from './member-credits';

const db = await ownDatabase('member-credits');

async function credit(allowance = 0) {
  const id = crypto.randomUUID();
  const name = `GPU tokens ${crypto.randomBytes(3).toString('hex')}`;
  await db
    .insertInto('credits')
    .values({
      id,
      name,
      unit: 'token',
      monthly_allowance: allowance,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return { id, name };
}

/** The member's standing in one credit (the lab's others with an allowance are listed too). */
const creditOf = async (userId: string, creditId: string, now = new Date()) =>
  (await memberCredits(db, userId, now)).find((one) => one.credit.id === creditId)!;

const grant = (
  userId: string,
  creditId: string,
  amount: number,
  expiresAt: Date | null,
  reason = 'Founders',
) =>
  addLot(db, {
    creditId,
    userId,
    source: 'grant',
    amount,
    expiresAt,
    reason,
    actor: '@admin',
    now: new Date(),
  });

test('the lab has credits once one is made', async () => {
  expect(await labHasCredits(db)).toBe(false);
  await credit();
  expect(await labHasCredits(db)).toBe(true);
});

test('this month’s allowance counts and expires at its end before it is made', async () => {
  const gpu = await credit(12);
  const member = await newMember(db, 'allow');
  const now = new Date('2026-11-20T12:00:00Z');
  const mine = await creditOf(member.id, gpu.id, now);
  expect(mine).toMatchObject({
    available: 12,
    availableText: `12 ${gpu.name}`,
    held: [],
    expiring: [{ amount: 12, what: 'of your November 2026 allowance', expires: '30 November 2026' }],
  });
  expect(await db.selectFrom('credit_lots').select('id').where('user_id', '=', member.id).execute()).toEqual(
    [],
  );
});

test('grants expiring within 30 days are listed with their dates; later and never are not', async () => {
  const gpu = await credit();
  const member = await newMember(db, 'expiring');
  const now = new Date();
  await grant(member.id, gpu.id, 5, new Date(now.getTime() + 10 * DAY_MS), 'Hackathon');
  await grant(member.id, gpu.id, 7, new Date(now.getTime() + 60 * DAY_MS));
  await grant(member.id, gpu.id, 1, null);
  await grant(member.id, gpu.id, 3, new Date(now.getTime() - DAY_MS));
  const mine = await creditOf(member.id, gpu.id, now);
  expect(mine.available).toBe(13);
  expect(mine.expiring).toEqual([
    expect.objectContaining({ amount: 5, amountText: `5 ${gpu.name}`, what: 'of the grant ‘Hackathon’' }),
  ]);
  expect(mine.expiring[0]!.expires).toMatch(/^\d{1,2} \w+ \d{4}$/);
});

test('what a booking holds is listed with it; the statement links its booking while it exists', async () => {
  const gpu = await credit();
  const member = await newMember(db, 'held');
  const { id: resourceId } = await newResource(db, {
    name: 'GPU workstation',
    cost: { creditId: gpu.id, perHour: 3 },
  });
  await grant(member.id, gpu.id, 10, null, 'Founders');
  const start = hourAhead(3);
  const booked = await book(db, { resourceId, userId: member.id, start, minutes: 120, note: '' });
  if (booked.status !== 'booked') throw new Error(JSON.stringify(booked));

  const mine = await creditOf(member.id, gpu.id);
  expect(mine).toMatchObject({
    available: 4,
    held: [
      {
        bookingId: booked.booking.id,
        about: expect.stringMatching(/^GPU workstation, \w+ \d+ \w+ \d{4}, \d\d:\d\d–\d\d:\d\d$/),
        amount: 6,
        amountText: `6 ${gpu.name}`,
        cancel: 'cancel',
      },
    ],
  });
  const before = await creditStatement(db, member.id);
  expect(before.lines.map((line) => [line.text, line.bookingId, line.delta])).toEqual([
    [`Held for a booking: 6 ${gpu.name}`, booked.booking.id, -6],
    [`Granted: 10 ${gpu.name}`, null, 10],
  ]);
  expect(before.lines[1]!.reason).toBe('Founders');
  expect(before.lines[0]!.about).toMatch(/^GPU workstation, /);

  await cancelBooking(db, booked.booking.id, member.id);
  const after = await creditOf(member.id, gpu.id);
  expect(after).toMatchObject({ available: 10, held: [] });
  const statement = await creditStatement(db, member.id, { limit: 2 });
  expect(statement.lines.map((line) => [line.text, line.bookingId])).toEqual([
    [`Released: 6 ${gpu.name}`, booked.booking.id],
    [`Held for a booking: 6 ${gpu.name}`, booked.booking.id],
  ]);
  expect(statement.more).toBe(1);

  // A cancelled booking is deleted after 30 days: its lines stay, without a link.
  await db.deleteFrom('bookings').where('id', '=', booked.booking.id).execute();
  const later = await creditStatement(db, member.id);
  expect(later.lines.map((line) => line.bookingId)).toEqual([null, null, null]);
  expect(later.lines[0]!.about).toMatch(/^GPU workstation, /);

  const exported = await creditsExport(db, member.id);
  expect(exported.lots).toMatchObject([
    {
      credit: gpu.name,
      source: 'grant',
      amount: 10,
      remaining: 10,
      expires_at: null,
      reason: 'Founders',
      entries: [
        { kind: 'grant', amount: 10, change: 10, booking_id: null },
        { kind: 'hold', amount: 6, change: -6, booking_id: booked.booking.id },
        { kind: 'release', amount: 6, change: 6, booking_id: booked.booking.id, by: 'member' },
      ],
    },
  ]);
});

test('a booking that makes the month’s allowance: the allowance comes before the hold on the statement', async () => {
  const gpu = await credit(12);
  const member = await newMember(db, 'month');
  const { id: resourceId } = await newResource(db, { cost: { creditId: gpu.id, perHour: 3 } });
  const booked = await book(db, {
    resourceId,
    userId: member.id,
    start: hourAhead(2),
    minutes: 60,
    note: '',
  });
  if (booked.status !== 'booked') throw new Error(JSON.stringify(booked));
  const { lines } = await creditStatement(db, member.id);
  expect(lines.map((line) => [line.text, line.reason])).toEqual([
    [`Held for a booking: 3 ${gpu.name}`, ''],
    [`Monthly allowance: 12 ${gpu.name}`, expect.stringMatching(/^for \w+ \d{4}$/)],
  ]);
});
