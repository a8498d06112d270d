// /resources/{slug}/calendar.ics — a resource's public calendar feed (docs/product.md §10): when it
// is busy, never who booked it or why. Public and cacheable; an unchanged feed answers 304.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { bookings } from '~/.server';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const resource = await bookings.resources.bySlug(params.slug ?? '');
  if (!resource)
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const { body, etag } = await bookings.resourceFeed.calendar(resource);
  const headers = {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'public, max-age=300',
    ETag: etag,
  };
  if (
    request.headers
      .get('If-None-Match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
