// Staff's view of the lab's day on the real store (SQLite here, PostgreSQL in the second unit run):
// the filters, the pages, and a cancel for the lab that two staff send at once.
import { afterAll, expect, test } from 'vitest';
import { db } from '../db';
import { book } from './book';
import { cancelForLab, STAFF_PAGE_SIZE, staffBookings } from './staff';
import { addDays, labDayOf, labTime } from '~/lib/booking/time';
import { newMember, newResource } from '../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

test('by resource, day and member; a member alone lists what has not ended; pages of 50', async () => {
  const [mill, saw] = [await newResource(db, { rules: { maxUpcoming: 100 } }), await newResource(db)];
  const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
  const day = addDays(labDayOf(new Date()), 2);
  const at = (hour: number, dayOffset = 0) => labTime(addDays(day, dayOffset), hour * 60);
  for (const [resourceId, userId, start] of [
    [mill.id, ana.id, at(9)],
    [mill.id, bo.id, at(11)],
    [saw.id, ana.id, at(10)],
    [mill.id, ana.id, at(9, 1)],
  ] as const)
    expect((await book(db, { resourceId, userId, start, minutes: 60, note: '' })).status).toBe('booked');
  const filters = { resource: null, day: null, member: null, page: 1 };
  const usernames = async (found: Promise<Awaited<ReturnType<typeof staffBookings>>>) =>
    (await found).rows.map((row) => row.member?.username);
  expect(await usernames(staffBookings(db, { ...filters, resource: mill.slug, day }))).toEqual([
    ana.username,
    bo.username,
  ]);
  expect(await usernames(staffBookings(db, { ...filters, member: ana.username.toUpperCase() }))).toEqual([
    ana.username,
    ana.username,
    ana.username,
  ]);
  expect(await usernames(staffBookings(db, { ...filters, member: ana.username, day }))).toHaveLength(2);

  // Pages: 51 bookings of one member on one resource fill a page and one more.
  for (let index = 0; index < STAFF_PAGE_SIZE - 1; index++) {
    const start = at(index % 24, 3 + Math.floor(index / 24));
    expect(
      (await book(db, { resourceId: mill.id, userId: ana.id, start, minutes: 30, note: '' })).status,
    ).toBe('booked');
  }
  const mine = { ...filters, resource: mill.slug, member: ana.username };
  const [first, second] = [await staffBookings(db, mine), await staffBookings(db, { ...mine, page: 2 })];
  expect([first.rows.length, first.more, second.rows.length, second.more]).toEqual([
    STAFF_PAGE_SIZE,
    true,
    1,
    false,
  ]);
});

test('two staff cancel one booking at once: it is cancelled once, audited with the reason', async () => {
  const resource = await newResource(db);
  const member = await newMember(db, 'cut');
  const booked = await book(db, {
    resourceId: resource.id,
    userId: member.id,
    start: labTime(addDays(labDayOf(new Date()), 2), 600),
    minutes: 60,
    note: '',
  });
  if (booked.status !== 'booked') throw new Error(booked.status);
  const outcomes = await Promise.all(
    ['@ann', '@ben'].map((username) =>
      cancelForLab(db, booked.booking.id, 'Chuck replaced', { username: username.slice(1) }),
    ),
  );
  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['cancelled', 'not-found']);
  const done = outcomes.find((outcome) => outcome.status === 'cancelled');
  expect(done?.status === 'cancelled' && [done.email, done.booking.sequence]).toEqual([member.email, 1]);
  const audit = await db
    .selectFrom('audit_log')
    .select('action')
    .where('detail', '=', 'Chuck replaced')
    .execute();
  expect(audit).toEqual([{ action: 'booking.cancel' }]);
});
