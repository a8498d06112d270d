// /calendar/{token}.ics — a member's private calendar feed (docs/product.md §10): the token is the
// secret, an unknown or reset one is a 404. Calendar apps poll it, so an unchanged feed answers 304.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { bookings } from '~/.server';

const headers = { 'Cache-Control': 'private, no-cache' };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = await bookings.feeds.calendar(params.token ?? '');
  if (!feed) return new Response('Not found', { status: 404, headers });
  const asked = request.headers.get('If-None-Match') ?? '';
  if (asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag))
    return new Response(null, { status: 304, headers: { ...headers, ETag: feed.etag } });
  return new Response(feed.body, {
    headers: { ...headers, ETag: feed.etag, 'Content-Type': 'text/calendar; charset=utf-8' },
  });
}
