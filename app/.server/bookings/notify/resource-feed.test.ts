// A resource's public feed on the real store, parsed back with ical.js: busy times only (no member,
// no note, no reason), cancelled rows kept as STATUS:CANCELLED for 30 days, no METHOD, and an ETag
// that changes exactly when the feed does.
import ICAL from 'ical.js';
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { book, cancelBooking } from '../core/book';
import { bookingRow } from '../core/rows';
import { resourceFeedsIn } from './feeds';
import { newMember, newResource, hourAhead } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const DAY = 86_400_000;
test('busy times with no names or notes; a cancel stays as CANCELLED for 30 days; ETag follows the body', async () => {
  const resource = { ...(await newResource(db, { name: 'Feed Printer' })), name: 'Feed Printer' };
  const member = await newMember(db, 'feedmember', { fullname: 'Aoife Feedwriter' });
  const feeds = resourceFeedsIn(db);
  const booked = await book(db, {
    resourceId: resource.id,
    userId: member.id,
    start: hourAhead(2),
    minutes: 60,
    note: 'Secret drone parts',
  });
  if (booked.status !== 'booked') throw new Error(booked.status);
  const kept = await book(db, {
    resourceId: resource.id,
    userId: member.id,
    start: hourAhead(3),
    minutes: 30,
    note: '',
  });
  expect(kept.status).toBe('booked');
  // A maintenance block shows as maintenance, its reason withheld; one cancelled 40 days ago is gone.
  const now = new Date();
  await db
    .insertInto('bookings')
    .values([
      {
        ...bookingRow({
          resourceId: resource.id,
          kind: 'maintenance',
          userId: null,
          start: hourAhead(4),
          end: hourAhead(4, 12),
          bufferMinutes: 0,
          reason: 'Replacing the hot end',
          now,
        }),
        status: 'active',
        cancelled_at: null,
      },
      {
        ...bookingRow({
          resourceId: resource.id,
          kind: 'booking',
          userId: member.id,
          start: hourAhead(-20),
          end: hourAhead(-20, 11),
          bufferMinutes: 0,
          now: new Date(now.getTime() - 50 * DAY),
        }),
        status: 'cancelled',
        cancelled_at: new Date(now.getTime() - 40 * DAY).toISOString(),
      },
    ])
    .execute();

  const before = await feeds.calendar(resource);
  expect(await feeds.calendar(resource)).toEqual(before);
  expect(await cancelBooking(db, booked.booking.id, member.id)).toMatchObject({
    status: 'cancelled',
  });
  const after = await feeds.calendar(resource);
  expect(after.etag).not.toBe(before.etag);

  for (const text of [member.username, 'Aoife', 'Secret drone', 'hot end', 'METHOD:'])
    expect(after.body).not.toContain(text);
  const events = new ICAL.Component(ICAL.parse(after.body)).getAllSubcomponents('vevent');
  const byUid = new Map(events.map((event) => [event.getFirstPropertyValue('uid'), event]));
  expect(events).toHaveLength(3);
  const cancelled = byUid.get(booked.booking.uid)!;
  expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
  expect(cancelled.getFirstPropertyValue('sequence')).toBe(1);
  expect(cancelled.getFirstPropertyValue('summary')).toBe('Feed Printer: booked');
  expect((cancelled.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
    hourAhead(2).toISOString(),
  );
  expect(events.map((event) => event.getFirstPropertyValue('summary')).sort()).toEqual([
    'Feed Printer: booked',
    'Feed Printer: booked',
    'Feed Printer: maintenance',
  ]);
  for (const event of events) expect(event.getFirstPropertyValue('description')).toBeNull();
});
