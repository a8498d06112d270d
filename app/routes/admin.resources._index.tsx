// /admin/resources — the lab's resources as admins run them (docs/product.md §10): each with its
// kind, status and induction, links to edit it and to its maintenance, and 'New resource'.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { bookings, requireAdmin } from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { RESOURCE_KINDS } from '~/lib/bookings/models';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Resources (admin)', description: 'The machines members book.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const saved = params.get('saved')?.slice(0, 80) ?? null;
  const resources = await bookings.resources.list();
  return {
    saved,
    told: toldText(params),
    resources: resources.map((resource) => ({
      id: resource.id,
      slug: resource.slug,
      name: resource.name,
      kind: RESOURCE_KINDS[resource.kind] ?? resource.kind,
      status: resource.status === 'out_of_service' ? `Out of service: ${resource.statusReason}` : 'Available',
      induction: resource.induction?.name ?? 'None',
    })),
  };
}

/** After taking a resource out of service: who was e-mailed, and what became of their bookings. */
function toldText(params: URLSearchParams) {
  const members = Number(params.get('told'));
  const bookings = Number(params.get('bookings'));
  if (!(members > 0 && bookings > 0)) return null;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const fate =
    params.get('cancelled') === '1'
      ? `${bookings === 1 ? 'was' : 'were'} cancelled`
      : `still ${bookings === 1 ? 'stands' : 'stand'}`;
  return `${count(bookings, 'upcoming booking')} of it ${fate}; ${count(members, 'member')} e-mailed the reason.`;
}

export default function AdminResources() {
  const { saved, told, resources } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="card-heading-row">
        <h1>Resources</h1>
        <Link to="/admin/resources/new" className="button">
          New resource
        </Link>
      </div>
      {saved ? (
        <p className="form-success" role="status">
          Saved. The resource is at <Link to={`/resources/${saved}`}>/resources/{saved}</Link>.
          {told ? ` ${told}` : null}
        </p>
      ) : null}
      {resources.length ? (
        <AdminTable label="Resources" columns={['Resource', 'Kind', 'Status', 'Induction', 'Actions']}>
          {resources.map((resource) => (
            <tr key={resource.id}>
              <td data-label="Resource">
                <Link to={`/resources/${resource.slug}`}>{resource.name}</Link>
                <br />
                <span className="muted">/resources/{resource.slug}</span>
              </td>
              <td data-label="Kind">{resource.kind}</td>
              <td data-label="Status">{resource.status}</td>
              <td data-label="Induction">{resource.induction}</td>
              <td>
                <div className="row-actions">
                  <Link
                    to={`/admin/resources/${resource.id}`}
                    className="button button-small button-secondary"
                    aria-label={`Edit ${resource.name}`}
                  >
                    Edit
                  </Link>
                  <Link
                    to={`/admin/resources/${resource.id}/maintenance`}
                    className="button button-small button-secondary"
                    aria-label={`Maintenance and bookings for ${resource.name}`}
                  >
                    Maintenance
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No resources yet.</p>
      )}
    </>
  );
}
