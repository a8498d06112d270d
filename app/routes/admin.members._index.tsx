// /admin/members — every member, searchable with `?q=` (the directory's rule), with a way to delete
// one (docs/product.md §2). Admins only; anyone else gets the 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { admin, requireAdmin } from '~/.server';
import { pageMeta } from '~/lib/meta';
import { cleanQuery, MAX_QUERY } from '~/lib/search';

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
      <Form method="get" role="search" className="member-search">
        <label htmlFor="admin-member-search">Search members</label>
        <div className="member-search-row">
          <input
            id="admin-member-search"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_QUERY}
            placeholder="Name, username or qualification"
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      {members.length ? (
        <div className="table-scroll" role="region" aria-label="Members" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Posts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">{query ? `No members found for “${query}”.` : 'No members found.'}</p>
      )}
    </>
  );
}
