// /calendar/{token}.ics — a member's private calendar feed (docs/product.md §10): the token is the
// secret, an unknown or reset one is a 404. Calendar apps poll it, so an unchanged feed answers 304.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { bookings, calendarAnswer } from '~/.server';

const PRIVATE = 'private, no-cache';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = await bookings.feeds.calendar(params.token ?? '');
  if (!feed) return new Response('Not found', { status: 404, headers: { 'Cache-Control': PRIVATE } });
  return calendarAnswer(request, feed, PRIVATE);
}
