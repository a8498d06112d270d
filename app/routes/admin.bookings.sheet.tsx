// /admin/bookings/sheet?resource={slug}&day={YYYY-MM-DD} — one resource's day on one printable page
// (docs/product.md §10): each booking's time, member and note with an empty column to tick at the
// machine, and the maintenance blocks. Printing hides the site's header, the admin tabs and footer.
import { statusText } from '~/lib/bookings/format';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { bookings, notFound, requireAdmin } from '~/.server';
import { labClock, labDayOf, longDayName, parseLabDay } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Day sheet (admin)', description: 'One resource’s bookings for a day.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const slug = params.get('resource')?.slice(0, 100) ?? '';
  const resource = (await bookings.resources.list()).find((each) => each.slug === slug);
  if (!resource) notFound();
  const day = parseLabDay(params.get('day')) ?? labDayOf(new Date());
  // A day has far fewer than a page of bookings on one machine; every page is read all the same.
  const rows = [];
  for (let page = 1; ; page++) {
    const found = await bookings.admin.bookings.list({ resource: slug, day, member: null, page });
    rows.push(...found.rows);
    if (!found.more) break;
  }
  return {
    resource: { name: resource.name, slug: resource.slug },
    day,
    dayName: longDayName(day),
    rows: rows.map(({ booking, member }) => ({
      id: booking.id,
      times: `${labClock(new Date(booking.start))}–${labClock(new Date(booking.end))}`,
      who: member ? `${member.fullname} (@${member.username})` : `Maintenance: ${booking.reason}`,
      note: booking.kind === 'booking' ? booking.note : '',
      // Filled in where the machine's check-in knows; blank for staff to tick by hand.
      came: booking.kind === 'booking' ? (statusText(booking.status) ?? '') : '',
    })),
  };
}

export default function DaySheet() {
  const { resource, day, dayName, rows } = useLoaderData<typeof loader>();
  return (
    <section className="day-sheet" aria-labelledby="sheet-title">
      <h1 id="sheet-title">
        {resource.name}: {dayName}
      </h1>
      <p className="no-print">
        <Link to={`/admin/bookings?resource=${resource.slug}&day=${day}`}>Back to bookings</Link> · Print this
        page from your browser; only the sheet is printed.
      </p>
      {rows.length ? (
        <table className="admin-table sheet-table">
          <caption className="visually-hidden">
            Bookings of {resource.name} on {dayName}, Dublin time
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Who</th>
              <th scope="col">Note</th>
              <th scope="col">Came</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.times}</td>
                <td>{row.who}</td>
                <td>{row.note}</td>
                <td>{row.came}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="empty-state">Nothing is booked that day.</p>
      )}
    </section>
  );
}
