// /admin/members — every member, searchable with `?q=` (the directory's rule), with a way to stop
// one signing in (and let them again) and to delete one (docs/product.md §2). Admins only; anyone
// else gets the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  admin,
  data,
  FORM_LIMITS,
  IdentityError,
  parseWithZod,
  readForm,
  requireAdmin,
  SignInSwitchSchema,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { FormBanner } from '~/components/forms';
import { MemberSearch } from '~/components/member-search';
import { pageMeta } from '~/lib/meta';
import { cleanQuery } from '~/lib/search';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Members (admin)', description: 'Every member of the site.' });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const query = cleanQuery(url.searchParams.get('q'));
  const deleted = url.searchParams.get('deleted')?.slice(0, 30) ?? null;
  return { query, deleted, viewer: user.username, members: await admin.members.list(query) };
}

const SWITCH_ERRORS = {
  unknown: 'That member does not exist.',
  self: 'You cannot disable your own sign-in.',
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return data({ error: FORM_LIMITS.text.tooLarge }, { status: 413 });
  const submission = parseWithZod(formData, { schema: SignInSwitchSchema });
  if (submission.status !== 'success') return { error: SWITCH_ERRORS.unknown };
  const { intent, username } = submission.value;
  let outcome: Awaited<ReturnType<typeof admin.members.setSignInDisabled>>;
  try {
    outcome = await admin.members.setSignInDisabled(username, intent === 'disable', user);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    console.error('The identity provider refused a sign-in switch:', error.message);
    return { error: 'The sign-in service did not answer; nothing changed. Please try again.' };
  }
  if (outcome === 'unknown' || outcome === 'self') return { error: SWITCH_ERRORS[outcome] };
  return {
    done:
      intent === 'disable' ? `Sign-in disabled for @${username}.` : `Sign-in re-enabled for @${username}.`,
  };
}

export default function AdminMembers() {
  const { query, deleted, viewer, members } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1>Members</h1>
      {answer && 'error' in answer && answer.error ? <FormBanner errors={[answer.error]} /> : null}
      {answer && 'done' in answer ? (
        <p className="form-success" role="status">
          {answer.done}
        </p>
      ) : null}
      {deleted ? (
        <p className="form-success" role="status">
          Deleted @{deleted}.
        </p>
      ) : null}
      <MemberSearch query={query} />
      {members.length ? (
        <AdminTable
          label="Members"
          columns={['Member', 'E-mail', 'Role', 'Sign-in', 'Joined', 'Posts', 'Actions']}
        >
          {members.map((member) => (
            <tr key={member.id}>
              <td data-label="Member">
                <Link to={`/members/${member.username.toLowerCase()}`}>{member.fullname}</Link>
                <br />
                <span className="muted">@{member.username}</span>
                {member.hidden ? (
                  <>
                    <br />
                    <span className="muted">hidden from the directory</span>
                  </>
                ) : null}
              </td>
              <td data-label="E-mail">{member.email}</td>
              <td data-label="Role">{member.role === 'admin' ? 'Admin' : 'Member'}</td>
              <td data-label="Sign-in">{member.disabled ? 'Disabled' : 'Allowed'}</td>
              <td data-label="Joined">{member.joined}</td>
              <td data-label="Posts">{member.posts}</td>
              <td>
                {member.username === viewer ? (
                  <span className="muted">you</span>
                ) : (
                  <div className="row-actions">
                    <Form method="post">
                      <input type="hidden" name="intent" value={member.disabled ? 'enable' : 'disable'} />
                      <input type="hidden" name="username" value={member.username} />
                      <button
                        type="submit"
                        className="button button-small button-secondary"
                        aria-label={`${member.disabled ? 'Enable' : 'Disable'} sign-in for @${member.username}`}
                      >
                        {member.disabled ? 'Enable sign-in' : 'Disable sign-in'}
                      </button>
                    </Form>
                    <Link
                      to={`/admin/members/${member.username.toLowerCase()}/delete`}
                      className="button button-small button-secondary"
                      aria-label={`Delete @${member.username}`}
                    >
                      Delete
                    </Link>
                  </div>
                )}
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
