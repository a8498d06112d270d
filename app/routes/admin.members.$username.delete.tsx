// /admin/members/{username}/delete — the confirmation step for deleting a member, naming what goes
// (docs/product.md §2). Admins only; their own account they delete from their profile.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { admin, notFound, redirect, requireAdmin } from '~/.server';
import { DeleteButtons } from '~/components/delete-buttons';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Delete Member', description: 'Delete a member and everything of theirs.' });

/** The member named in the address, unless it is the admin themselves: 404 for both. */
async function target(request: Request, username: string | undefined) {
  const user = await requireAdmin(request);
  const member = await admin.members.toDelete(username ?? '');
  if (!member || member.id === user.id) notFound();
  return { user, member };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await target(request, params.username);
  return { member };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, member } = await target(request, params.username);
  await admin.members.remove(member.id, user);
  return redirect(`/admin/members?${new URLSearchParams({ deleted: member.username })}`);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function DeleteMember() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <div className="card narrow-card">
      <h1>Delete @{member.username}?</h1>
      <p>This erases, for good:</p>
      <ul>
        <li>the profile of {member.fullname}</li>
        <li>{count(member.posts, 'post', 'posts')}</li>
        <li>{count(member.files, 'uploaded file', 'uploaded files')}</li>
        <li>{count(member.sessions, 'signed-in session', 'signed-in sessions')}</li>
        <li>
          {member.identityAccount ? 'their sign-in account' : 'no sign-in account (they never had one)'}
        </li>
      </ul>
      <p>Their pages will show “Page Not Found”. The audit log keeps a line saying you did it.</p>
      <Form method="post">
        <DeleteButtons cancelTo="/admin/members" label="Delete member" />
      </Form>
    </div>
  );
}
