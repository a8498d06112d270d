// /calendar/{token}.ics — a member's private calendar feed (docs/product.md §10): the token is the
// secret, an unknown or reset one is a 404. Calendar apps poll it, so an unchanged feed answers 304.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { bookings, calendarAnswer } from '~/.server';

const PRIVATE = 'private, no-cache';

/**
 * The one spelling a feed answers at, as /bookings shows it. The router also matches
 * `/CALENDAR/…`, `.ICS`, `%2Eics` and a trailing slash; each is a 404, so the logs' redaction of
 * the token (server/access-log.ts, deploy/nginx) has one form to know, not every variant.
 */
const FEED_PATH = /^\/calendar\/[A-Za-z0-9_-]+\.ics$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const asked = FEED_PATH.test(new URL(request.url).pathname);
  const feed = asked ? await bookings.feeds.calendar(params.token ?? '') : null;
  if (!feed) return new Response('Not found', { status: 404, headers: { 'Cache-Control': PRIVATE } });
  return calendarAnswer(request, feed, PRIVATE);
}
