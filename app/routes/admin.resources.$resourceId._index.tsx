// /admin/resources/{id} — edit a resource, its photo, status and rules (docs/product.md §10).
// Admins only; an unknown id is the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { bookings, config, notFound, requireAdmin, submitResourceForm } from '~/.server';
import { ResourceForm } from '~/components/lazy-resource-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Edit Resource', description: 'Edit a machine members can book.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [resource, inductions, credits, upcoming] = await Promise.all([
    bookings.admin.resources.byId(params.resourceId ?? ''),
    bookings.admin.inductions.list(),
    bookings.admin.resources.creditChoices(),
    bookings.admin.resources.upcomingBookings(params.resourceId ?? ''),
  ]);
  if (!resource) notFound();
  return { resource, inductions, credits, upcoming, labMaxUpcoming: config.BOOKING_MAX_UPCOMING };
}

export const action = async ({ request, params }: ActionFunctionArgs) =>
  submitResourceForm(request, params.resourceId ?? '', await requireAdmin(request));

export default function EditResource() {
  const { resource, inductions, credits, upcoming, labMaxUpcoming } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>Edit {resource.name}</h1>
      <p>
        <Link to={`/resources/${resource.slug}`}>Its page</Link> ·{' '}
        <Link to={`/admin/resources/${resource.id}/maintenance`}>Maintenance and booking for a member</Link> ·{' '}
        <Link to={`/admin/resources/${resource.id}/approvers`}>Approvers</Link> ·{' '}
        <Link to={`/admin/resources/${resource.id}/waitlist`}>Waiting list</Link>
        {resource.rules.checkInGraceMinutes != null ? (
          <>
            {' '}
            · {/* A file, not a page: a plain link, so the browser opens it to print. */}
            <a href={`/admin/resources/${resource.id}/qr.svg`}>Check-in QR code (SVG, to print)</a>
          </>
        ) : null}
      </p>
      <ResourceForm
        resource={resource}
        upcoming={upcoming}
        inductions={inductions}
        credits={credits}
        labMaxUpcoming={labMaxUpcoming}
        lastResult={lastResult}
      />
    </>
  );
}
