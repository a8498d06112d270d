// /admin/log — the audit log (docs/product.md §2): who did what to what, and when (in words, on
// the lab's clocks), newest first, in pages of 50 (`?page=N`). Read-only: the database refuses to
// change an entry.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { admin, requireAdmin } from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { auditActionText, auditText } from '~/lib/audit';
import { instantText } from '~/lib/bookings/format';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Audit Log', description: 'What admins have done, and when.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? Math.min(asked, 100_000) : 1;
  const done = new URL(request.url).searchParams.get('done') === 'post-removed';
  const { entries, more } = await admin.log.page(page);
  return {
    page,
    done,
    more,
    // In words here, so the page's scripts carry no date formatting.
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.created_at,
      when: instantText(entry.created_at),
      actor: entry.actor,
      what: `${auditActionText(entry.action)} ${auditText(entry.target)}`,
      detail: auditText(entry.detail),
    })),
  };
}

export default function AuditLog() {
  const { page, done, entries, more } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Audit log</h1>
      {done ? (
        <p className="form-success" role="status">
          Post removed. Its author sees the reason on their profile.
        </p>
      ) : null}
      {entries.length ? (
        <AdminTable label="Audit log entries" columns={['When (Dublin time)', 'Who', 'What', 'Detail']}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When">
                <time dateTime={entry.at}>{entry.when}</time>
              </td>
              <td data-label="Who">{entry.actor}</td>
              <td data-label="What">{entry.what}</td>
              <td data-label="Detail">{entry.detail}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{page > 1 ? 'No older entries.' : 'Nothing has been logged yet.'}</p>
      )}
      {page > 1 || more ? (
        <nav className="pager" aria-label="Audit log pages">
          {page > 1 ? (
            <Link to={page === 2 ? '/admin/log' : `/admin/log?page=${page - 1}`} rel="prev">
              Newer
            </Link>
          ) : null}
          {more ? (
            <Link to={`/admin/log?page=${page + 1}`} rel="next">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
