// 'My bookings' reads what the page shows, not the member's whole history: upcoming ones, the
// latest past ones and a count of the rest (the API asks for all).
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingsIn } from '..';
import { book } from './book';
import { bookingRow } from './rows';
import { newMember, newResource } from '../../../../tests/support/store-fixtures';
import { labDayOf } from '~/lib/bookings/time';

afterAll(() => db.destroy());
const { mine, week, resources } = bookingsIn(db);
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
