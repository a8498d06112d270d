// Staff's view of the lab's day on the real store (SQLite here, PostgreSQL in the second unit run):
// the filters, the pages, and a cancel for the lab that two staff send at once.
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { book } from './book';
import { cancelForLab, exportDay, inTheLabNow, STAFF_PAGE_SIZE, staffBookings } from './staff';
import { addDays, labDayOf, labTime } from '~/lib/bookings/time';
import type { Booking } from '~/lib/bookings/models';
import { newMember, newResource } from '../../../../tests/support/store-fixtures';

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

test('in the lab now: members checked in to a booking that has not ended, longest there first', async () => {
  const [mill, saw] = [await newResource(db), await newResource(db)];
  const [ana, bo, cy] = [
    await newMember(db, 'here'),
    await newMember(db, 'there'),
    await newMember(db, 'gone'),
  ];
  const start = labTime(addDays(labDayOf(new Date()), 3), 600);
  const made: Booking[] = [];
  for (const [resourceId, userId, minutes] of [
    [mill.id, ana.id, 120],
    [saw.id, bo.id, 60],
    [saw.id, cy.id, 30],
  ] as const) {
    const outcome = await book(db, {
      resourceId,
      userId,
      start: resourceId === saw.id && userId === cy.id ? labTime(addDays(labDayOf(start), -1), 600) : start,
      minutes,
      note: '',
    });
    if (outcome.status !== 'booked') throw new Error(outcome.status);
    made.push(outcome.booking);
  }
  const [anas, bos, cys] = made as [Booking, Booking, Booking];
  const checkedIn = (id: string, at: Date) =>
    db
      .updateTable('bookings')
      .set({ status: 'checked_in', checked_in_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  // Bo came first, Ana ten minutes later; Cy's booking yesterday ended, checked in or not.
  await checkedIn(bos.id, new Date(start.getTime() - 10 * 60_000));
  await checkedIn(anas.id, start);
  await checkedIn(cys.id, new Date(new Date(cys.start).getTime()));
  const now = new Date(start.getTime() + 20 * 60_000);
  const mine = (await inTheLabNow(db, now)).filter((row) => made.some((each) => each.id === row.booking.id));
  expect(mine.map((row) => [row.member?.username, row.booking.checkedInAt])).toEqual([
    [bo.username, new Date(start.getTime() - 10 * 60_000).toISOString()],
    [ana.username, start.toISOString()],
  ]);
  // Past Bo's end only Ana is there; before anyone checked in, nobody.
  const later = await inTheLabNow(db, new Date(start.getTime() + 90 * 60_000));
  expect(
    later.filter((row) => made.some((each) => each.id === row.booking.id)).map((row) => row.member?.username),
  ).toEqual([ana.username]);
  const before = await inTheLabNow(db, new Date(start.getTime() - 20 * 60_000));
  expect(before.filter((row) => made.some((each) => each.id === row.booking.id))).toEqual([]);
});

test('the day’s CSV reads the whole day, past a page; an export naming members is audited, an empty one is not', async () => {
  const resource = await newResource(db, { rules: { maxUpcoming: 100, slotMinutes: 15, minMinutes: 15 } });
  const member = await newMember(db, 'csv');
  const day = addDays(labDayOf(new Date()), 4);
  for (let index = 0; index < STAFF_PAGE_SIZE + 5; index++) {
    const start = labTime(day, index * 15);
    expect(
      (await book(db, { resourceId: resource.id, userId: member.id, start, minutes: 15, note: '' })).status,
    ).toBe('booked');
  }
  const actor = { username: 'exporter' };
  const rows = await exportDay(db, { resource: resource.slug, day, member: null }, actor);
  expect(rows).toHaveLength(STAFF_PAGE_SIZE + 5);
  expect(rows.every((row) => row.member?.username === member.username)).toBe(true);
  const audited = await db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'target', 'detail'])
    .where('actor', '=', '@exporter')
    .execute();
  expect(audited).toEqual([
    {
      action: 'bookings.export',
      actor: '@exporter',
      target: expect.stringMatching(/^the bookings of \w+day \d+ \w+ \d{4} \(Test Printer\)$/),
      detail: `${STAFF_PAGE_SIZE + 5} rows, 1 member`,
    },
  ]);
  // A day with nothing on it names nobody: nothing to record.
  expect(await exportDay(db, { resource: resource.slug, day: addDays(day, 1), member: null }, actor)).toEqual(
    [],
  );
  expect(
    await db.selectFrom('audit_log').select('id').where('actor', '=', '@exporter').execute(),
  ).toHaveLength(1);
});
