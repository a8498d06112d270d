// /resources/{slug}/calendar.ics — a resource's public calendar feed (docs/product.md §10): when it
// is busy, never who booked it or why. Public and cacheable; an unchanged feed answers 304.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { bookings, calendarAnswer } from '~/.server';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const resource = await bookings.resources.bySlug(params.slug ?? '');
  if (!resource)
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return calendarAnswer(request, await bookings.resourceFeed.calendar(resource), 'public, max-age=300');
}
