// A member's private feed on the real store (SQLite here, PostgreSQL in the second unit run),
// parsed back with ical.js as a calendar app would: one stable UID per booking across a cancel,
// SEQUENCE raised, STATUS:CANCELLED kept for 30 days, times in UTC, the ETag moving with the body.
import ICAL from 'ical.js';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { memberFeedsIn, FEED_TOKEN, calendarAnswer } from './feeds';
import { book, cancelBooking } from '../core/book';
import { newMember, newResource, hourAhead } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const feeds = memberFeedsIn(db);

function events(body: string) {
  const component = new ICAL.Component(ICAL.parse(body));
  expect(component.getFirstPropertyValue('method')).toBeNull();
  return component.getAllSubcomponents('vevent').map((vevent) => ({
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    status: vevent.getFirstPropertyValue('status'),
    start: vevent.getFirstPropertyValue('dtstart') as ICAL.Time,
    summary: vevent.getFirstPropertyValue('summary'),
    description: vevent.getFirstPropertyValue('description'),
  }));
}

async function booked(resourceId: string, userId: string, start: Date, note = '') {
  const outcome = await book(db, { resourceId, userId, start, minutes: 60, note });
  if (outcome.status !== 'booked') throw new Error(`not booked: ${JSON.stringify(outcome)}`);
  return outcome.booking;
}

describe('a member’s calendar feed', () => {
  test('its token is made once, long and random; a reset kills the old one at once', async () => {
    const member = await newMember(db, 'feed');
    const [first, again] = await Promise.all([feeds.token(member.id), feeds.token(member.id)]);
    expect(first).toBe(again);
    expect(first).toMatch(FEED_TOKEN);
    expect(await feeds.calendar(first)).not.toBeNull();
    const next = await feeds.reset(member.id);
    expect(next).not.toBe(first);
    expect(await feeds.token(member.id)).toBe(next);
    expect(await feeds.calendar(first)).toBeNull();
    expect(await feeds.calendar(next)).not.toBeNull();
    expect(await feeds.calendar('not-a-token')).toBeNull();
  });

  test('the store keeps no token a backup could open a feed with', async () => {
    const member = await newMember(db, 'feed');
    const token = await feeds.token(member.id);
    const row = await db
      .selectFrom('member_feeds')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const kept = JSON.stringify(row);
    expect(kept).not.toContain(token);
    // What a backup holds, tried as an address: nothing opens.
    for (const value of [row.token_hash, row.token_sealed]) expect(await feeds.calendar(value)).toBeNull();
    expect(await feeds.calendar(token)).not.toBeNull();
  });

  test('a token sealed under another secret is replaced, not shown broken', async () => {
    const member = await newMember(db, 'feed');
    const first = await feeds.token(member.id);
    await db
      .updateTable('member_feeds')
      .set({ token_sealed: 'sealed-elsewhere' })
      .where('user_id', '=', member.id)
      .execute();
    const next = await feeds.token(member.id);
    expect(next).not.toBe(first);
    expect(await feeds.calendar(first)).toBeNull();
    expect(await feeds.calendar(next)).not.toBeNull();
  });

  test('bookings in UTC with the note; a cancel keeps the UID, raises SEQUENCE and says CANCELLED', async () => {
    const member = await newMember(db, 'feed');
    const other = await newMember(db, 'feed');
    const { id } = await newResource(db, { name: 'Feed Printer' });
    const start = hourAhead(3);
    const mine = await booked(id, member.id, start, 'PLA; bracket, v2');
    await booked(id, other.id, hourAhead(4));
    const token = await feeds.token(member.id);

    const before = (await feeds.calendar(token))!;
    expect(before.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    const [event] = events(before.body);
    expect(events(before.body)).toHaveLength(1); // the other member's booking is not in it
    expect(event).toMatchObject({
      uid: mine.uid,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Feed Printer',
      description: 'PLA; bracket, v2',
    });
    expect(event!.start.zone?.tzid).toBe('UTC');
    expect(event!.start.toJSDate().toISOString()).toBe(start.toISOString());
    expect((await feeds.calendar(token))!.etag).toBe(before.etag);

    expect((await cancelBooking(db, mine.id, member.id)).status).toBe('cancelled');
    const after = (await feeds.calendar(token))!;
    expect(after.etag).not.toBe(before.etag);
    expect(events(after.body)).toEqual([
      expect.objectContaining({ uid: mine.uid, sequence: 1, status: 'CANCELLED' }),
    ]);

    // Thirty days after the cancel it has left the feed.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(events((await feeds.calendar(token, later))!.body)).toEqual([]);
  });

  test('an ‘Add to calendar’ file: the member’s own booking only, METHOD:PUBLISH', async () => {
    const member = await newMember(db, 'feed');
    const other = await newMember(db, 'feed');
    const { id } = await newResource(db);
    const mine = await booked(id, member.id, hourAhead(5));
    const file = (await feeds.bookingFile(member.id, mine.id))!;
    const component = new ICAL.Component(ICAL.parse(file.body));
    expect(component.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(component.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      mine.uid,
    ]);
    expect(await feeds.bookingFile(other.id, mine.id)).toBeNull();
    expect(await feeds.bookingFile(member.id, 'no-such-booking')).toBeNull();
  });
});

test('a feed answers 304 to its ETag, also when a proxy weakened it; else the calendar', () => {
  const file = { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', etag: '"abc"' };
  const ask = (tag?: string) =>
    calendarAnswer(
      new Request('http://lab.test/x.ics', { headers: tag ? { 'If-None-Match': tag } : {} }),
      file,
      'no-cache',
    );
  expect(ask('"abc"').status).toBe(304);
  expect(ask('"zzz", W/"abc"').status).toBe(304);
  expect(ask('"zzz"').status).toBe(200);
  expect(ask().headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
});
