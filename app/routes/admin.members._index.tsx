// /admin/members — every member, searchable with `?q=` (the directory's rule), with a way to delete
// one (docs/product.md §2). Admins only; anyone else gets the 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { admin, requireAdmin } from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { MemberSearch } from '~/components/member-search';
import { pageMeta } from '~/lib/meta';
import { cleanQuery } from '~/lib/search';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Members (admin)', description: 'Every member of the site.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = cleanQuery(url.searchParams.get('q'));
  const deleted = url.searchParams.get('deleted')?.slice(0, 30) ?? null;
  return { query, deleted, members: await admin.members.list(query) };
}

export default function AdminMembers() {
  const { query, deleted, members } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Members</h1>
      {deleted ? (
        <p className="form-success" role="status">
          Deleted @{deleted}.
        </p>
      ) : null}
      <MemberSearch query={query} />
      {members.length ? (
        <AdminTable label="Members" columns={['Member', 'E-mail', 'Role', 'Joined', 'Posts', 'Actions']}>
          {members.map((member) => (
            <tr key={member.id}>
              <td data-label="Member">
                <Link to={`/members/${member.username.toLowerCase()}`}>{member.fullname}</Link>
                <br />
                <span className="muted">@{member.username}</span>
              </td>
              <td data-label="E-mail">{member.email}</td>
              <td data-label="Role">{member.role === 'admin' ? 'Admin' : 'Member'}</td>
              <td data-label="Joined">{member.joined}</td>
              <td data-label="Posts">{member.posts}</td>
              <td>
                <Link
                  to={`/admin/members/${member.username.toLowerCase()}/delete`}
                  className="button button-small button-secondary"
                  aria-label={`Delete @${member.username}`}
                >
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">{query ? `No members found for “${query}”.` : 'No members found.'}</p>
      )}
    </>
  );
}
