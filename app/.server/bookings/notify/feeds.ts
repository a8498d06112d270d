// Bookings as calendar feeds and files (docs/product.md §10, RFC 5545 in app/lib/bookings/ical.ts).
// A member's private feed lives at /calendar/{token}.ics: the token is the only secret, so it is
// long and random, and 'Reset link' replaces it (the old address answers 404 at once). The store
// keeps its SHA-256 to find the feed and the token sealed with SESSION_SECRET to show it again, so
// a backup alone opens no feed (docs/decisions/026-feed-tokens-at-rest.md). Feeds
// carry no METHOD; cancelled bookings stay in them as STATUS:CANCELLED for 30 days so that
// subscribed calendars drop them.
import { HOLDING } from '~/lib/bookings/models';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { clientHas } from '../../http';
import { sealer } from '../../sealed-cookie';
import { bookingEvent, busyEvent } from './calendar';
import { selectBookings, toBooking } from '../core/rows';
import { calendar } from '~/lib/bookings/ical';
import { DAY_MS } from '~/lib/bookings/time';
import { SITE_NAME } from '~/lib/site';

/** How long a cancelled booking stays in a feed. */
export const CANCELLED_KEPT_DAYS = 30;
/** How far back a feed reaches: a year of past bookings is plenty for a calendar app. */
const PAST_DAYS = 365;
/** How often a feed asks to be fetched again (REFRESH-INTERVAL). */
export const FEED_REFRESH_MINUTES = 60;

/** 32 random bytes, base64url: 43 characters. */
const newToken = () => crypto.randomBytes(32).toString('base64url');
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** As migration 012 fixed them: the lookup hash and the sealing purpose. */
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const tokenSealer = sealer<string>('calendar-feed');

/** An iCalendar body and its ETag (a hash of the body, so it changes exactly when the feed does). */
export interface CalendarFile {
  body: string;
  etag: string;
}

/** A feed's answer: 304 when the client already has this version, else the calendar. */
export function calendarAnswer(request: Request, file: CalendarFile, cacheControl: string) {
  const headers = { 'Cache-Control': cacheControl, ETag: file.etag };
  if (clientHas(request, file.etag)) return new Response(null, { status: 304, headers });
  return new Response(file.body, { headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' } });
}

const withEtag = (body: string): CalendarFile => ({
  body,
  etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
});

/** What the store keeps of a token: never the token itself. */
const stored = (token: string) => ({ token_hash: tokenHash(token), token_sealed: tokenSealer.seal(token) });

export function memberFeedsIn(db: Kysely<Database>) {
  /** A new token for the member; the old one stops working at once. */
  async function reset(userId: string): Promise<string> {
    const token = newToken();
    const values = { ...stored(token), created_at: new Date().toISOString() };
    await db
      .insertInto('member_feeds')
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
    return token;
  }

  return {
    /**
     * The member's feed token, made on first use. A token that no longer opens (SESSION_SECRET
     * was changed) is replaced, so the page never shows an address that does not work.
     */
    async token(userId: string): Promise<string> {
      const read = () =>
        db
          .selectFrom('member_feeds')
          .select(['token_hash', 'token_sealed'])
          .where('user_id', '=', userId)
          .executeTakeFirst();
      let found = await read();
      if (!found) {
        // Two first views at once: the second insert does nothing and both read the one token.
        await db
          .insertInto('member_feeds')
          .values({ user_id: userId, ...stored(newToken()), created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .execute();
        found = await read();
      }
      const token = found && tokenSealer.open(found.token_sealed);
      return token && tokenHash(token) === found?.token_hash ? token : reset(userId);
    },

    reset,

    /** The feed behind a token: the member's bookings of the past year on, recently cancelled ones kept. */
    async calendar(token: string, now = new Date()): Promise<CalendarFile | null> {
      if (!FEED_TOKEN.test(token)) return null;
      const feed = await db
        .selectFrom('member_feeds')
        .select('user_id')
        .where('token_hash', '=', tokenHash(token))
        .executeTakeFirst();
      if (!feed) return null;
      const rows = await feedRows(db, PAST_DAYS, now)
        .where('bookings.user_id', '=', feed.user_id)
        .where('bookings.kind', '=', 'booking')
        .execute();
      return withEtag(
        calendar(rows.map(toBooking).map(bookingEvent), {
          name: `${SITE_NAME}: my bookings`,
          refreshMinutes: FEED_REFRESH_MINUTES,
        }),
      );
    },

    /** One of the member's own bookings as an 'Add to calendar' file (METHOD:PUBLISH), or null. */
    async bookingFile(userId: string, bookingId: string): Promise<CalendarFile | null> {
      const row = await selectBookings(db)
        .where('bookings.id', '=', bookingId)
        .where('bookings.user_id', '=', userId)
        .where('bookings.kind', '=', 'booking')
        .executeTakeFirst();
      return row ? withEtag(calendar([bookingEvent(toBooking(row))], { method: 'PUBLISH' })) : null;
    },
  };
}

/**
 * What a feed shows, in time order: rows that ended at most `pastDays` ago, held (HOLDING) or cancelled
 * within CANCELLED_KEPT_DAYS (so a subscribed calendar learns of the cancel and removes it).
 */
const feedRows = (db: Kysely<Database>, pastDays: number, now: Date) =>
  selectBookings(db)
    .where('bookings.ends_at', '>', new Date(now.getTime() - pastDays * DAY_MS).toISOString())
    .where((eb) =>
      eb.or([
        eb('bookings.status', 'in', HOLDING),
        eb(
          'bookings.cancelled_at',
          '>',
          new Date(now.getTime() - CANCELLED_KEPT_DAYS * DAY_MS).toISOString(),
        ),
        // a request declined or expired, kept like a cancel so the tentative event goes
        eb('bookings.decided_at', '>', new Date(now.getTime() - CANCELLED_KEPT_DAYS * DAY_MS).toISOString()),
      ]),
    )
    .orderBy('bookings.starts_at')
    .orderBy('bookings.id');

/** How far back a resource's public feed reaches: busy times of the past month and everything ahead. */
const RESOURCE_PAST_DAYS = 30;

export function resourceFeedsIn(db: Kysely<Database>) {
  return {
    /**
     * A resource's public feed (/resources/{slug}/calendar.ics): when it is busy (bookings and
     * maintenance) with no member, no note and no reason; recently cancelled rows kept as cancelled.
     */
    async calendar(resource: { id: string; name: string }, now = new Date()): Promise<CalendarFile> {
      const rows = await feedRows(db, RESOURCE_PAST_DAYS, now)
        .where('bookings.resource_id', '=', resource.id)
        .execute();
      return withEtag(
        calendar(rows.map(toBooking).map(busyEvent), {
          name: `${SITE_NAME}: ${resource.name}`,
          refreshMinutes: FEED_REFRESH_MINUTES,
        }),
      );
    },
  };
}
