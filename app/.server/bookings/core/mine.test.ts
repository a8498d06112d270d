// 'My bookings' reads what the page shows, not the member's whole history: upcoming ones, the
// latest past ones and a count of the rest (the API asks for all); 'Your use this month' reads the
// month's kept bookings per resource and the limits' own counts.
import crypto from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingsIn } from '..';
import { book } from './book';
import { bookingRow } from './rows';
import { newMember, newResource } from '../../../../tests/support/store-fixtures';
import type { BookingStatus } from '~/lib/bookings/models';
import { labDayOf } from '~/lib/bookings/time';

afterAll(() => db.destroy());
const { mine, week, resources, monthUse } = bookingsIn(db);
const HOUR = 3_600_000;

test('upcoming ones, the latest past ones first, and how many earlier ones are left out', async () => {
  const member = await newMember(db, 'mine');
  const { id: resourceId } = await newResource(db, { rules: { maxUpcoming: 10 } });
  const now = new Date();
  const past = Array.from({ length: 23 }, (_, index) => new Date(now.getTime() - (index + 2) * 24 * HOUR));
  await db
    .insertInto('bookings')
    .values(
      past.map((start) =>
        bookingRow({
          resourceId,
          kind: 'booking',
          userId: member.id,
          start,
          end: new Date(start.getTime() + HOUR),
          bufferMinutes: 0,
          now: start,
        }),
      ),
    )
    .execute();
  for (const days of [3, 2]) {
    const start = new Date(now.getTime() + days * 24 * HOUR);
    start.setUTCHours(10, 0, 0, 0);
    expect((await book(db, { resourceId, userId: member.id, start, minutes: 60, note: '' })).status).toBe(
      'booked',
    );
  }

  const shown = await mine(member.id, { now, pastShown: 20 });
  expect(shown.upcoming.map((booking) => booking.start)).toEqual(
    [...shown.upcoming.map((booking) => booking.start)].sort(),
  );
  expect(shown.upcoming).toHaveLength(2);
  expect(shown.past.map((booking) => booking.start)).toEqual(
    past.slice(0, 20).map((start) => start.toISOString()),
  );
  expect(shown.pastMore).toBe(3);

  const all = await mine(member.id, { now, pastShown: null });
  expect(all.past).toHaveLength(23);
  expect(all.pastMore).toBe(0);
});

test('a booking released because nobody checked in shows to its member as released on the week', async () => {
  const [ana, bo] = [await newMember(db, 'rel'), await newMember(db, 'relbo')];
  const { id: resourceId, slug } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
  const start = new Date(Date.now() - 2 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const row = bookingRow({
    resourceId,
    kind: 'booking',
    userId: ana.id,
    start,
    end: new Date(start.getTime() + HOUR),
    bufferMinutes: 0,
    now: start,
  });
  const releasedAt = new Date(start.getTime() + 15 * 60_000).toISOString();
  await db
    .insertInto('bookings')
    .values({ ...row, status: 'no_show', released_at: releasedAt })
    .execute();
  const resource = (await resources.bySlug(slug))!;
  const stateAt = async (viewerId: string | null, at: Date) =>
    (await week(resource, labDayOf(start), viewerId))
      .flatMap((day) => day.slots)
      .find((slot) => slot.start === at.toISOString())?.state;
  // Its first 15 minutes, which it held: released to ana, booked to anyone else.
  expect(await stateAt(ana.id, start)).toBe('released');
  expect(await stateAt(bo.id, start)).toBe('booked');
  expect(await stateAt(null, start)).toBe('booked');
  // From the release on, nobody's: past.
  expect(await stateAt(ana.id, new Date(start.getTime() + 30 * 60_000))).toBe('past');
});

/** A row of `status` for `userId` on `resourceId` from `start` (ISO) for `minutes`, as it would be left. */
async function stored(
  resourceId: string,
  userId: string,
  start: string,
  minutes: number,
  status: BookingStatus = 'active',
  extra: { checked_out_at?: string; released_at?: string; checked_in_at?: string } = {},
) {
  const from = new Date(start);
  const row = bookingRow({
    resourceId,
    kind: 'booking',
    userId,
    start: from,
    end: new Date(from.getTime() + minutes * 60_000),
    bufferMinutes: 0,
    now: new Date(from.getTime() - 7 * 24 * HOUR),
  });
  await db
    .insertInto('bookings')
    .values({ ...row, status, ...extra })
    .execute();
}

test("this lab month's use of each resource, against its limits as they count", async () => {
  const [member, other] = [await newMember(db, 'use'), await newMember(db, 'useother')];
  const tag = crypto.randomUUID().slice(0, 6);
  const laser = await newResource(db, {
    name: `A laser ${tag}`,
    rules: { maxUpcoming: 5, maxWeekMinutes: 360 },
  });
  const bench = await newResource(db, { name: `B bench ${tag}`, rules: { maxUpcoming: 2 } });
  const lathe = await newResource(db, { name: `C lathe ${tag}`, rules: { maxUpcoming: 2 } });
  // Wednesday 18 November 2026: the lab week is Monday 16 to Sunday 22 November.
  const now = new Date('2026-11-18T12:00:00Z');

  // Checked out an hour early: two hours booked this month, in an earlier week.
  await stored(laser.id, member.id, '2026-11-02T10:00:00Z', 120, 'checked_out', {
    checked_in_at: '2026-11-02T10:00:00Z',
    checked_out_at: '2026-11-02T11:00:00Z',
  });
  // Released 15 minutes in: 90 minutes booked, 15 held this week.
  await stored(laser.id, member.id, '2026-11-17T10:00:00Z', 90, 'no_show', {
    released_at: '2026-11-17T10:15:00Z',
  });
  await stored(laser.id, member.id, '2026-11-19T10:00:00Z', 120); // upcoming, this week
  await stored(laser.id, member.id, '2026-11-25T10:00:00Z', 60); // upcoming, next week
  await stored(laser.id, member.id, '2026-12-01T10:00:00Z', 60); // upcoming, next month
  await stored(laser.id, member.id, '2026-11-20T10:00:00Z', 60, 'cancelled'); // nowhere
  // A request holds its time against the limits, but is not a kept booking yet.
  await stored(laser.id, member.id, '2026-11-21T10:00:00Z', 60, 'pending');
  await stored(laser.id, other.id, '2026-11-18T14:00:00Z', 240); // someone else's
  await stored(bench.id, member.id, '2026-11-03T14:00:00Z', 30, 'checked_out', {
    checked_in_at: '2026-11-03T14:00:00Z',
    checked_out_at: '2026-11-03T14:30:00Z',
  });
  // The lathe: cancelled this month, kept last month: not listed.
  await stored(lathe.id, member.id, '2026-11-10T10:00:00Z', 60, 'cancelled');
  await stored(lathe.id, member.id, '2026-10-30T10:00:00Z', 60);

  expect(await monthUse(member.id, now)).toEqual([
    {
      resource: { id: laser.id, slug: laser.slug, name: `A laser ${tag}` },
      bookedMinutes: 120 + 90 + 120 + 60,
      upcoming: 4,
      maxUpcoming: 5,
      weekMinutes: 15 + 120 + 60,
      maxWeekMinutes: 360,
    },
    {
      resource: { id: bench.id, slug: bench.slug, name: `B bench ${tag}` },
      bookedMinutes: 30,
      upcoming: 0,
      maxUpcoming: 2,
      weekMinutes: 0,
      maxWeekMinutes: null,
    },
  ]);
  // The same bookings in December: only the one that starts then.
  expect(
    (await monthUse(member.id, new Date('2026-12-01T09:00:00Z'))).map((use) => use.bookedMinutes),
  ).toEqual([60]);
  expect(await monthUse(other.id, new Date('2026-12-01T09:00:00Z'))).toEqual([]);
});

test('a booking counts in the Dublin month it starts in, summer time included', async () => {
  const member = await newMember(db, 'usesummer');
  const { id } = await newResource(db, { rules: { maxUpcoming: 3 } });
  // 00:30 on 1 July in Dublin (IST) is 23:30 UTC on 30 June.
  await stored(id, member.id, '2026-06-30T23:30:00Z', 60, 'checked_out', {
    checked_out_at: '2026-07-01T00:30:00Z',
  });
  // 23:30 on 31 July in Dublin is 22:30 UTC: still July.
  await stored(id, member.id, '2026-07-31T22:30:00Z', 30, 'checked_out', {
    checked_out_at: '2026-07-31T23:00:00Z',
  });
  // 00:00 on 1 August in Dublin: August's.
  await stored(id, member.id, '2026-07-31T23:00:00Z', 30, 'checked_out', {
    checked_out_at: '2026-07-31T23:30:00Z',
  });
  const july = await monthUse(member.id, new Date('2026-07-15T12:00:00Z'));
  expect(july.map((use) => use.bookedMinutes)).toEqual([90]);
  expect(july[0]!.upcoming).toBe(0);
  const june = await monthUse(member.id, new Date('2026-06-30T22:00:00Z'));
  expect(june).toEqual([]);
});
