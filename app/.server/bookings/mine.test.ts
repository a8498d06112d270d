// 'My bookings' reads what the page shows, not the member's whole history: upcoming ones, the
// latest past ones and a count of the rest (the API asks for all).
import { afterAll, expect, test } from 'vitest';
import { db } from '../db';
import { bookingsIn } from '.';
import { book, bookingRow } from './book';
import { newMember, newResource } from '../../../tests/support/store-fixtures';

afterAll(() => db.destroy());
const { mine } = bookingsIn(db);
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
