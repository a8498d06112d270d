// /admin/usage's figures for a known month, on both engines: October 2026 (its last Sunday has 25
// hours), two resources of this test's own with a no-show, a late cancel, a freed slot booked again,
// requests approved, declined and expired, waits, an induction's steps and a credit's ledger; every
// figure was worked out by hand (the comments show how), and each CSV's totals equal the page's.
import crypto from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingRow } from '../core/rows';
import { LATE_RELEASE_REASON } from '../core/lifecycle';
import { newCredit, newInduction, newMember, newResource } from '../../../../tests/support/store-fixtures';
import { periodOf, UsageQuerySchema } from '~/lib/usage/period';
import { usageCsvRows, USAGE_TABLES } from '~/lib/usage/usage-csv';
import { csvText } from '~/lib/csv';
import { labUsage, quietHours } from './usage';
import { usageIn } from '.';
import { dayUsesIn } from './days';

afterAll(() => db.destroy());

const now = new Date('2026-11-15T12:00:00Z');
const october = periodOf(
  UsageQuerySchema.parse({ period: 'dates', from: '2026-10-01', to: '2026-10-31' }),
  now,
);
const WEEKDAYS_9_TO_5 = {
  mon: { open: 540, close: 1020 },
  tue: { open: 540, close: 1020 },
  wed: { open: 540, close: 1020 },
  thu: { open: 540, close: 1020 },
  fri: { open: 540, close: 1020 },
};

type Extra = Partial<{
  status: string;
  created: string;
  cancelled: string;
  checkedIn: string;
  checkedOut: string;
  released: string;
  decided: string;
  decidedBy: string;
  kind: 'booking' | 'maintenance';
  checkIn: boolean;
}>;

/** A row as the lifecycle would have left it; times are instants ('Z'). */
async function row(resourceId: string, userId: string | null, start: string, end: string, extra: Extra = {}) {
  const values = bookingRow({
    resourceId,
    kind: extra.kind ?? 'booking',
    userId,
    start: new Date(start),
    end: new Date(end),
    bufferMinutes: 0,
    now: new Date(extra.created ?? '2026-09-01T09:00:00Z'),
    terms: { cancelCutoffMinutes: 60, checkInGraceMinutes: extra.checkIn ? 15 : null },
  });
  await db
    .insertInto('bookings')
    .values({
      ...values,
      // A release or a check-out gives the rest of the time back, as the lifecycle does.
      block_end:
        extra.released || extra.checkedOut
          ? Math.floor(Date.parse((extra.released ?? extra.checkedOut)!) / 60_000)
          : values.block_end,
      status: (extra.status ?? 'active') as never,
      cancelled_at: extra.cancelled ?? null,
      checked_in_at: extra.checkedIn ?? null,
      checked_out_at: extra.checkedOut ?? null,
      released_at: extra.released ?? null,
      decided_at: extra.decided ?? null,
      decided_by: extra.decidedBy ?? null,
    })
    .execute();
  return values.id;
}

async function setUp() {
  const [m1, m2, m3, m4, m5] = await Promise.all(
    ['usage', 'usage', 'usage', 'usage', 'usage'].map((p) => newMember(db, p)),
  );
  const induction = await newInduction(db, { name: 'Laser induction' });
  const credit = await newCredit(db, { name: 'Usage tokens' });
  // A: weekdays 09:00-17:00 with check-in, needs the induction. B: any time, costs credits.
  const a = await newResource(db, {
    name: 'Usage laser',
    induction: induction.id,
    rules: { hours: WEEKDAYS_9_TO_5 },
  });
  await db
    .updateTable('resources')
    .set({ check_in_required: 1, grace_minutes: 15 })
    .where('id', '=', a.id)
    .execute();
  const b = await newResource(db, { name: 'Usage GPU', cost: { creditId: credit.id, perHour: 3 } });

  // A, in October (IST, UTC+1 until the 25th): maintenance Tue 13 Oct 09:00-11:00.
  await row(a.id, null, '2026-10-13T08:00:00Z', '2026-10-13T10:00:00Z', { kind: 'maintenance' });
  // Mon 5 Oct 10:00-12:00, made Sun 4 Oct 10:00 (two days after m1's sign-off), in 10:05, out 11:30.
  await row(a.id, m1.id, '2026-10-05T09:00:00Z', '2026-10-05T11:00:00Z', {
    checkIn: true,
    created: '2026-10-04T09:00:00Z',
    status: 'checked_out',
    checkedIn: '2026-10-05T09:05:00Z',
    checkedOut: '2026-10-05T10:30:00Z',
  });
  // Wed 7 Oct 14:00-15:00: a no-show released at 14:15 …
  await row(a.id, m1.id, '2026-10-07T13:00:00Z', '2026-10-07T14:00:00Z', {
    checkIn: true,
    created: '2026-10-04T10:00:00Z',
    status: 'no_show',
    released: '2026-10-07T13:15:00Z',
  });
  // … of which 14:30-15:00 is booked at 14:20 by m2, who checks in at 14:30 and stays to the end.
  await row(a.id, m2.id, '2026-10-07T13:30:00Z', '2026-10-07T14:00:00Z', {
    checkIn: true,
    created: '2026-10-07T13:20:00Z',
    status: 'checked_in',
    checkedIn: '2026-10-07T13:30:00Z',
  });
  // Fri 9 Oct 10:00-11:00, released by m1 at 09:30, past the hour's cutoff: a late cancel.
  const late = await row(a.id, m1.id, '2026-10-09T09:00:00Z', '2026-10-09T10:00:00Z', {
    checkIn: true,
    created: '2026-10-04T11:00:00Z',
    status: 'cancelled',
    cancelled: '2026-10-09T08:30:00Z',
  });
  await db
    .insertInto('booking_events')
    .values({
      id: crypto.randomUUID(),
      booking_id: late,
      at: '2026-10-09T08:30:00Z',
      kind: 'cancelled',
      actor: 'member',
      reason: LATE_RELEASE_REASON,
    })
    .execute();
  // Mon 12 Oct 10:00-11:00, cancelled in good time on 8 Oct.
  await row(a.id, m4.id, '2026-10-12T09:00:00Z', '2026-10-12T10:00:00Z', {
    checkIn: true,
    created: '2026-10-08T09:00:00Z',
    status: 'cancelled',
    cancelled: '2026-10-08T10:00:00Z',
  });
  // m2's first booking of A was in September (so not a first booking in October).
  await row(a.id, m2.id, '2026-09-10T09:00:00Z', '2026-09-10T10:00:00Z', {
    checkIn: true,
    status: 'checked_out',
  });

  // B: Sat 24 Oct 23:00 IST to Sun 25 Oct 03:00 GMT, five real hours across the clocks going back.
  await row(b.id, m1.id, '2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z');
  // Mon 26 Oct 10:00-12:00 GMT by m2.
  await row(b.id, m2.id, '2026-10-26T10:00:00Z', '2026-10-26T12:00:00Z');
  // Requests on B: approved after 24 h (Thu 15 Oct 10:00-11:00), declined after 6 h, expired.
  await row(b.id, m2.id, '2026-10-15T09:00:00Z', '2026-10-15T10:00:00Z', {
    created: '2026-10-10T11:00:00Z',
    decided: '2026-10-11T11:00:00Z',
    decidedBy: `@${m5.username}`,
  });
  await row(b.id, m3.id, '2026-10-16T09:00:00Z', '2026-10-16T10:00:00Z', {
    created: '2026-10-12T09:00:00Z',
    decided: '2026-10-12T15:00:00Z',
    decidedBy: `@${m5.username}`,
    status: 'declined',
  });
  await row(b.id, m3.id, '2026-10-17T09:00:00Z', '2026-10-17T10:00:00Z', {
    created: '2026-10-16T08:00:00Z',
    decided: '2026-10-17T07:00:00Z',
    decidedBy: 'lab',
    status: 'expired',
  });

  // Waits on A: m3 joined Tue 6 Oct 09:00 and booked Wed 7 Oct 14:20 (29 h 20 min); m4 joined and left.
  await db
    .insertInto('waitlist')
    .values([
      wait(a.id, m3.id, '2026-10-06T08:00:00Z', '2026-10-07T13:20:00Z', 'booked'),
      wait(a.id, m4.id, '2026-10-20T08:00:00Z', '2026-10-21T08:00:00Z', 'left'),
    ])
    .execute();

  // The induction: m3 asked 1 Oct (never signed off), m4 asked 5 Oct and was signed off 8 Oct (3 days);
  // m1 (asked in September) signed off Fri 2 Oct 10:00; m2's expired 20 Oct; m5's revoked 22 Oct.
  await db
    .insertInto('induction_requests')
    .values([
      request(induction.id, m1.id, '2026-09-20T08:00:00Z'),
      request(induction.id, m3.id, '2026-10-01T08:00:00Z'),
      request(induction.id, m4.id, '2026-10-05T08:00:00Z'),
    ])
    .execute();
  await db
    .insertInto('member_inductions')
    .values([
      held(induction.id, m1.id, '2026-10-02T09:00:00Z'),
      held(induction.id, m4.id, '2026-10-08T08:00:00Z'),
      { ...held(induction.id, m2.id, '2026-01-20T10:00:00Z'), expires_at: '2026-10-20T09:00:00Z' },
      {
        ...held(induction.id, m5.id, '2026-06-01T10:00:00Z'),
        revoked_at: '2026-10-22T09:00:00Z',
        revoked_by: '@x',
      },
    ])
    .execute();

  // The ledger of B's credit: an allowance at 00:30 on 1 October in Dublin (still 30 September in
  // UTC), a grant, a hold and its settlement, an expiry at 23:30 on 31 October (GMT), and a grant at
  // 00:30 on 1 November, outside the month.
  const lot = crypto.randomUUID();
  await db
    .insertInto('credit_lots')
    .values({
      id: lot,
      credit_id: credit.id,
      user_id: m1.id,
      source: 'grant',
      month: null,
      grant_key: null,
      amount: 130,
      remaining: 120,
      expires_at: null,
      created_by: 'admin CLI',
      created_at: '2026-09-30T23:30:00Z',
    })
    .execute();
  const entry = (kind: 'grant' | 'allowance' | 'hold' | 'settle' | 'expire', amount: number, at: string) => ({
    id: crypto.randomUUID(),
    lot_id: lot,
    kind,
    amount,
    delta: kind === 'hold' || kind === 'expire' ? -amount : kind === 'settle' ? 0 : amount,
    booking_id: null,
    actor: 'admin CLI',
    created_at: at,
  });
  await db
    .insertInto('credit_entries')
    .values([
      entry('allowance', 10, '2026-09-30T23:30:00Z'),
      entry('grant', 20, '2026-10-03T10:00:00Z'),
      entry('hold', 3, '2026-10-14T10:00:00Z'),
      entry('settle', 3, '2026-10-15T10:00:00Z'),
      entry('expire', 7, '2026-10-31T23:30:00Z'),
      entry('grant', 100, '2026-11-01T00:30:00Z'),
    ])
    .execute();
  return { a, b, credit, induction };
}

const wait = (
  resource_id: string,
  user_id: string,
  created_at: string,
  ended_at: string,
  why: 'booked' | 'left',
) => ({
  id: crypto.randomUUID(),
  resource_id,
  user_id,
  window_start: '2026-10-01T00:00:00Z',
  window_end: '2026-11-01T00:00:00Z',
  min_minutes: 30,
  created_at,
  ended_at,
  ended_why: why,
});
const request = (induction_id: string, user_id: string, created_at: string) => ({
  id: crypto.randomUUID(),
  induction_id,
  user_id,
  created_at,
  done_at: null,
  done_by: null,
});
const held = (induction_id: string, user_id: string, signed_off_at: string) => ({
  induction_id,
  user_id,
  signed_off_by: '@inductor',
  signed_off_at,
  expires_at: null as string | null,
  revoked_at: null as string | null,
  revoked_by: null as string | null,
  revoke_reason: null,
});

test('October 2026, worked out by hand: booked, used, hours, behaviour, induction and credits', async () => {
  const { a, b } = await setUp();
  const laser = await labUsage(db, october, { kind: 'resource', slug: a.slug }, now);
  // 22 weekdays of 8 hours, less the 2-hour block: 10,560 - 120.
  // Booked: 120 (5 Oct) + 60 (the no-show) + 30 (the rebooking). Used: 85 (10:05-11:30) + 30.
  expect(laser.resources).toEqual([
    {
      slug: a.slug,
      name: 'Usage laser',
      kind: 'fabrication',
      openMinutes: 10_440,
      bookedMinutes: 210,
      openSoFar: 10_440,
      usedMinutes: 115,
    },
  ]);
  expect(laser.total).toEqual({
    openMinutes: 10_440,
    bookedMinutes: 210,
    openSoFar: 10_440,
    usedMinutes: 115,
  });
  const hours = laser.hours;
  expect([hours[0]![10], hours[0]![11], hours[2]![14]]).toEqual([60, 60, 90]);
  expect(hours.flat().reduce((x, y) => x + y, 0)).toBe(210);
  expect(laser.behaviour).toEqual({
    checkInBookings: 3, // out, no-show, in
    noShows: 1,
    cancels: 2,
    lateCancels: 1,
    // 30 (checked out at 11:30) + 45 (released at 14:15) + 60 (late) + 60 (cancelled in time)
    freedMinutes: 195,
    rebookedMinutes: 30,
    waitsJoined: 2,
    waitsBooked: 1,
    medianWaitMinutes: 1_760,
    approved: 0,
    declined: 0,
    expired: 0,
    medianDecisionMinutes: null,
  });
  expect(laser.inductions).toEqual([
    expect.objectContaining({
      requested: 2,
      signedOff: 2,
      firstBookings: 1, // m1's, two days after the sign-off
      active: 1, // m1; m2's expired, m4 never booked
      expiredOrRevoked: 2,
      medianDaysToSignOff: 3,
      medianDaysToFirstBooking: 2,
    }),
  ]);
  expect(laser.credits).toEqual([]);

  const gpu = await labUsage(db, october, { kind: 'resource', slug: b.slug }, now);
  // Any time: 31 days and the hour the clocks gave back. Booked: 300 + 120 + 60 (the approved request).
  expect(gpu.resources[0]).toMatchObject({ openMinutes: 44_700, bookedMinutes: 480, usedMinutes: null });
  // Sat 23:00, then Sun 00:00, 01:00 twice (IST and GMT) and 02:00; Mon 10:00 and 11:00; Thu 10:00.
  expect([gpu.hours[5]![23], gpu.hours[6]![0], gpu.hours[6]![1], gpu.hours[6]![2]]).toEqual([
    60, 60, 120, 60,
  ]);
  expect([gpu.hours[0]![10], gpu.hours[0]![11], gpu.hours[3]![10]]).toEqual([60, 60, 60]);
  expect(gpu.behaviour).toMatchObject({
    approved: 1,
    declined: 1,
    expired: 1,
    medianDecisionMinutes: 900, // 24 h and 6 h
    freedMinutes: 120, // the declined and the expired request's hours
    rebookedMinutes: 0,
  });
  expect(gpu.credits).toEqual([
    expect.objectContaining({ month: '2026-10-01', granted: 30, held: 3, settled: 3, expired: 7 }),
  ]);
  // m1 booked 300 of the 480 minutes; the busiest tenth of two members is one.
  expect(gpu.concentration).toEqual([
    expect.objectContaining({ members: 2, hours: 8, busiestTenth: 300 / 480 }),
  ]);

  // Each CSV adds up to the page: the resources' total row, the hours' cells.
  const resources = usageCsvRows('resources', laser, october);
  expect(resources.at(-1)!.slice(4, 8)).toEqual(['Total', '', '10440', '210']);
  expect(resources.at(-1)![10]).toBe('115');
  const hourCells = usageCsvRows('hours', gpu, october)
    .slice(1)
    .flatMap((r) => r.slice(5).map(Number));
  expect(hourCells.reduce((x, y) => x + y, 0)).toBe(480);
  expect(resources[1]!.slice(0, 4)).toEqual([
    '2026-10-01T00:00:00+01:00',
    '2026-11-01T00:00:00+00:00',
    '2026-09-30T23:00:00Z',
    '2026-11-01T00:00:00Z',
  ]);
  for (const table of USAGE_TABLES)
    expect(csvText(usageCsvRows(table, gpu, october)).startsWith('\uFEFF')).toBe(true);
});

test('quiet hours: the last eight full weeks, open hours only; answers kept until the data changes', async () => {
  const { id } = await newResource(db, { name: 'Quiet printer', rules: { hours: WEEKDAYS_9_TO_5 } });
  const member = await newMember(db, 'quiet');
  // Now is Wed 18 Nov 2026; the weeks are Mon 21 Sep to Sun 15 Nov. Two Mondays 10:00-11:00 booked.
  const wednesday = new Date('2026-11-18T12:00:00Z');
  await row(id, member.id, '2026-09-28T09:00:00Z', '2026-09-28T10:00:00Z');
  await row(id, member.id, '2026-11-09T10:00:00Z', '2026-11-09T11:00:00Z');
  await row(id, member.id, '2026-11-16T10:00:00Z', '2026-11-16T11:00:00Z'); // this week: left out
  const grid = (await quietHours(db, id, wednesday))!;
  expect(grid[0]![10]).toEqual({ open: 480, booked: 120 });
  expect(grid[0]![9]).toEqual({ open: 480, booked: 0 });
  expect(grid[0]![8]).toBeNull(); // closed
  expect(grid[5]![12]).toBeNull(); // Saturday

  // Kept for the week and the opening hours, whatever else changes; worked again for a new week.
  let version = 'one';
  const usage = usageIn(db, async () => version);
  const printer = { id, rules: { hours: WEEKDAYS_9_TO_5 } };
  const first = await usage.quietHours(printer, wednesday);
  await row(id, member.id, '2026-11-10T10:00:00Z', '2026-11-10T11:00:00Z');
  version = 'two';
  expect(await usage.quietHours(printer, new Date('2026-11-22T12:00:00Z'))).toBe(first); // Sunday
  const hours = { ...WEEKDAYS_9_TO_5, sat: { open: 600, close: 660 } }; // the hours changed
  expect((await usage.quietHours({ id, rules: { hours } }, wednesday))![1]![10]).toEqual({
    open: 480,
    booked: 60,
  });
  expect(await usage.quietHours(printer, new Date('2026-11-23T12:00:00Z'))).not.toBe(first); // Monday
});

test('kept days: a day that is over is kept until a row overlapping it changes, whoever writes it', async () => {
  const { a } = await setUp();
  const scope = { kind: 'resource', slug: a.slug } as const;
  const kept = dayUsesIn(db);
  const ask = () => labUsage(db, october, scope, now, kept);
  const fresh = () => labUsage(db, october, scope, now, dayUsesIn(db));
  const booked = async () => {
    const [answer, worked] = await Promise.all([ask(), fresh()]);
    expect(answer).toEqual(worked);
    return answer.resources[0]!.bookedMinutes;
  };
  expect(await booked()).toBe(210);

  // Kept: a column no writer changes alone (every one sets updated_at) is not looked at again.
  const fifth = await db
    .selectFrom('bookings')
    .select('id')
    .where('resource_id', '=', a.id)
    .where('starts_at', '=', '2026-10-05T09:00:00.000Z')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('bookings')
    .set({ checked_in_at: '2026-10-05T09:35:00.000Z' })
    .where('id', '=', fifth.id)
    .execute();
  expect((await ask()).resources[0]!.usedMinutes).toBe(115);
  expect((await fresh()).resources[0]!.usedMinutes).toBe(85);
  await db
    .updateTable('bookings')
    .set({ checked_in_at: '2026-10-05T09:05:00.000Z' })
    .where('id', '=', fifth.id)
    .execute();

  // A booking added (a seed, the lifecycle), then removed (retention, an account's removal).
  const added = await row(a.id, null, '2026-10-08T09:00:00Z', '2026-10-08T10:00:00Z');
  expect(await booked()).toBe(270);
  await db.deleteFrom('bookings').where('id', '=', added).execute();
  expect(await booked()).toBe(210);
  // A status changed, and nothing else (not updated_at, not the sequence).
  await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', fifth.id).execute();
  expect(await booked()).toBe(90);
  // A row of September that reaches into October: maintenance to 10:00 on Thu 1 Oct.
  await row(a.id, null, '2026-09-28T08:00:00Z', '2026-10-01T09:00:00Z', { kind: 'maintenance' });
  const [answer, worked] = await Promise.all([ask(), fresh()]);
  expect(answer).toEqual(worked);
  expect(answer.resources[0]!.openMinutes).toBe(10_440 - 60);
});
