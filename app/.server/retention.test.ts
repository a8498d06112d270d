// What housekeeping deletes (the privacy notice's retention periods), on the real store (SQLite,
// and PostgreSQL in the second unit run): ended sessions, passed rate-limit windows, expired codes;
// nothing that still counts.
import crypto from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { newMember, newResource } from '../../tests/support/store-fixtures';
import { bookingRow } from './bookings/core/rows';
import { db } from './db';
import { sweepExpiredRows } from './retention';
import { DAY_MS } from '~/lib/time-units';

afterAll(() => db.destroy());

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const tag = () => crypto.randomBytes(4).toString('hex');

test('ended sessions, passed rate-limit windows and expired codes go; live ones stay', async () => {
  const { id: userId, username } = await newMember(db, 'ret');
  const session = (id: string, createdAt: number, expiresAt: number) => ({
    id: `${id}-${tag()}`,
    user_id: userId,
    created_at: iso(createdAt),
    expires_at: iso(expiresAt),
    checked_at: null,
    id_token: null,
    id_token_expires_at: null,
    refresh_token: null,
  });
  const sessions = {
    live: session('live', -DAY_MS, 29 * DAY_MS),
    unused: session('unused', -31 * DAY_MS, -DAY_MS),
    tooOld: session('too-old', -31 * DAY_MS, DAY_MS),
  };
  await db.insertInto('sessions').values(Object.values(sessions)).execute();

  const limits = { open: `ret-open:${tag()}`, passed: `ret-passed:${tag()}` };
  await db
    .insertInto('rate_limits')
    .values([
      { key: limits.open, count: 3, window_ends_at: iso(60_000) },
      { key: limits.passed, count: 5, window_ends_at: iso(-60_000) },
    ])
    .execute();

  const code = (name: string, expiresAt: number, usedAt: string | null) => ({
    id: `${name}-${tag()}`,
    code_hash: crypto.randomBytes(32).toString('hex'),
    uid: `uid-${tag()}`,
    email: `${username}@example.ie`,
    purpose: 'reset',
    expires_at: iso(expiresAt),
    used_at: usedAt,
    created_at: iso(-2 * 60 * 60 * 1000),
  });
  const codes = { open: code('open', 60_000, null), expired: code('expired', -60_000, null) };
  await db.insertInto('auth_codes').values(Object.values(codes)).execute();

  await sweepExpiredRows(db);

  const sessionsLeft = await db
    .selectFrom('sessions')
    .select('id')
    .where(
      'id',
      'in',
      Object.values(sessions).map((row) => row.id),
    )
    .execute();
  expect(sessionsLeft.map((row) => row.id)).toEqual([sessions.live.id]);
  const codesLeft = await db
    .selectFrom('auth_codes')
    .select('id')
    .where(
      'id',
      'in',
      Object.values(codes).map((row) => row.id),
    )
    .execute();
  expect(codesLeft.map((row) => row.id)).toEqual([codes.open.id]);
  const keys = await db
    .selectFrom('rate_limits')
    .select('key')
    .where('key', 'in', Object.values(limits))
    .execute();
  expect(keys.map((row) => row.key)).toEqual([limits.open]);
});

test('cancelled bookings go 30 days after they were cancelled; active ones, past or not, stay', async () => {
  const { id: userId } = await newMember(db, 'retb');
  const { id: resourceId } = await newResource(db);
  const row = (daysFromNow: number, cancelledDaysAgo: number | null) => ({
    ...bookingRow({
      resourceId,
      kind: 'booking',
      userId,
      start: new Date(Date.now() + daysFromNow * DAY_MS),
      end: new Date(Date.now() + daysFromNow * DAY_MS + 3_600_000),
      bufferMinutes: 0,
      now: new Date(Date.now() - 60 * DAY_MS),
    }),
    status: cancelledDaysAgo === null ? ('active' as const) : ('cancelled' as const),
    cancelled_at: cancelledDaysAgo === null ? null : iso(-cancelledDaysAgo * DAY_MS),
  });
  const rows = {
    past: row(-50, null),
    upcoming: row(5, null),
    cancelledLately: row(3, 29),
    cancelledLongAgo: row(-40, 31),
  };
  await db.insertInto('bookings').values(Object.values(rows)).execute();
  await sweepExpiredRows(db);
  const left = await db.selectFrom('bookings').select('id').where('user_id', '=', userId).execute();
  expect(left.map((booking) => booking.id).sort()).toEqual(
    [rows.past.id, rows.upcoming.id, rows.cancelledLately.id].sort(),
  );
});
