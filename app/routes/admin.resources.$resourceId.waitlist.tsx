// /admin/resources/{id}/waitlist — a resource's waiting list (docs/product.md §10 'The waiting
// list'): the members in line, oldest first, with the window each waits for, and the offers of
// freed time out now, held until when. Read only: members join and leave it themselves, and an
// offer ends by its member's answer or its lapse. Admins only; an unknown id is the 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { bookings, notFound, requireAdmin } from '~/.server';
import { instantText, whenText } from '~/lib/bookings/format';
import { duration } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Waiting list (admin)',
    description: 'Who waits for a machine, and the offers out.',
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  const { line, offers } = await bookings.waitlist.lineOf(resource.id);
  return {
    resource: { id: resource.id, name: resource.name },
    line: line.map((wait) => ({
      id: wait.id,
      username: wait.member.username,
      window: whenText({ start: wait.from, end: wait.to }),
      shortest: duration(wait.minMinutes),
      since: instantText(wait.createdAt),
    })),
    offers: offers.map(({ booking, username }) => ({
      id: booking.id,
      username,
      when: whenText(booking),
      until: booking.holdUntil ? instantText(booking.holdUntil) : '',
    })),
  };
}

export default function Waitlist() {
  const { resource, line, offers } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Waiting list of {resource.name}</h1>
      <p>
        <Link to={`/admin/resources/${resource.id}`}>Edit {resource.name}</Link>
      </p>
      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading">Offers out</h2>
        {offers.length ? (
          <ul>
            {offers.map((offer) => (
              <li key={offer.id}>
                @{offer.username}: {offer.when}, held until {offer.until}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No offers out.</p>
        )}
      </section>
      <section aria-labelledby="line-heading">
        <h2 id="line-heading">In line</h2>
        {line.length ? (
          <ol>
            {line.map((wait) => (
              <li key={wait.id}>
                @{wait.username}: {wait.window}, at least {wait.shortest}{' '}
                <span className="muted">(since {wait.since})</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="empty-state">Nobody is waiting.</p>
        )}
      </section>
    </>
  );
}
