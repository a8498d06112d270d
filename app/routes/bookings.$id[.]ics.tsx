// /bookings/{id}.ics — 'Add to calendar': one of the member's own bookings as an iCalendar file
// (docs/product.md §10); anyone else's is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { bookings, notFound, requireUser } from '~/.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await bookings.feeds.bookingFile(user.id, params.id ?? '');
  if (!file) notFound();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="booking.ics"',
      'Cache-Control': 'private, no-store',
    },
  });
}
