// /admin/bookings/csv?day={YYYY-MM-DD}&resource=&member= — 'Download CSV' of the day on
// /admin/bookings (docs/product.md §10): every booking and maintenance block of the day the page
// shows, with the same filters, as a spreadsheet file. Admins only, as the page; kept by no cache;
// an export that names members goes to the audit log.
import type { LoaderFunctionArgs } from '@remix-run/node';
import contentDisposition from 'content-disposition';
import { bookings, requireAdmin } from '~/.server';
import { csvText } from '~/lib/csv';
import { dayCsvName, dayCsvRows } from '~/lib/bookings/day-csv';
import { labDayOf, parseLabDay } from '~/lib/bookings/time';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // The page's filters, checked as it checks them: a day that is not a date is today.
  const resource = params.get('resource')?.slice(0, 100) || null;
  const filters = {
    resource,
    day: parseLabDay(params.get('day')) ?? labDayOf(new Date()),
    member: params.get('member')?.trim().slice(0, 64) || null,
  };
  const rows = await bookings.admin.bookings.exportDay(filters, user);
  // The file is named by a slug as resources have them, never by whatever the address held.
  const name = dayCsvName(filters.day, resource && /^[a-z0-9-]{1,60}$/.test(resource) ? resource : null);
  return new Response(csvText(dayCsvRows(rows)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(name, { type: 'attachment' }),
      // Members' names and notes: no cache keeps them, not even the browser's.
      'Cache-Control': 'private, no-store',
    },
  });
}
