// /admin/resources/{id}/approvers — who decides the requests for a resource that needs approval
// (docs/product.md §10 'Approvals'): name a member by username, or remove one; each change audited.
// Admins decide any request without being named. Admins only; an unknown id is the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  AppointInductorSchema,
  bookings,
  FORM_LIMITS,
  notFound,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
  unknownForm,
} from '~/.server';
import { AppointedList } from '~/components/appointed-list';
import { ErrorList, FormBanner } from '~/components/forms';
import { answerFor } from '~/lib/answer';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Approvers (admin)', description: 'Who decides requests for a machine.' });

async function target(request: Request, resourceId: string | undefined) {
  const user = await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(resourceId ?? '');
  if (!resource) notFound();
  return { user, resource };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resource } = await target(request, params.resourceId);
  const approvers = await bookings.approvals.approversOf(resource.id);
  const done = new URL(request.url).searchParams.get('done');
  return {
    resource: {
      id: resource.id,
      name: resource.name,
      slug: resource.slug,
      needsApproval: Boolean(resource.approval),
    },
    approvers,
    notice: done === 'named' ? 'Approver named.' : done === 'removed' ? 'Approver removed.' : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, resource } = await target(request, params.resourceId);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const done = (what: string) => redirect(`/admin/resources/${resource.id}/approvers?done=${what}`);
  switch (formData.get('intent')) {
    case 'appoint': {
      const submission = parseWithZod(formData, { schema: AppointInductorSchema });
      if (submission.status !== 'success') return answer('appoint', submission.reply());
      const userId = await bookings.inductions.memberIdByUsername(submission.value.username);
      if (!userId)
        return answer(
          'appoint',
          submission.reply({ fieldErrors: { username: ['No member has that username.'] } }),
        );
      await bookings.approvals.setApprover(user, { resourceId: resource.id, userId, appoint: true });
      return done('named');
    }
    case 'remove': {
      const userId = String(formData.get('member') ?? '');
      const named = await bookings.approvals.approversOf(resource.id);
      if (named.some((approver) => approver.id === userId))
        await bookings.approvals.setApprover(user, { resourceId: resource.id, userId, appoint: false });
      return done('removed');
    }
    default:
      return unknownForm();
  }
}

export default function Approvers() {
  const { resource, approvers, notice } = useLoaderData<typeof loader>();
  const appointed = answerFor(useActionData<typeof action>(), 'appoint');
  const usernameErrors = appointed?.result.error?.username;
  return (
    <>
      <h1>Approvers of {resource.name}</h1>
      <p>
        <Link to={`/admin/resources/${resource.id}`}>Edit {resource.name}</Link> ·{' '}
        <Link to="/approvals">Requests waiting</Link>
      </p>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        {resource.needsApproval
          ? 'Bookings here are requests. Approvers are mailed each one and decide it on Approvals; admins may decide any. With nobody named, the admins are mailed.'
          : 'This machine does not need approval: tick ‘Approval required’ in its form for members’ bookings to become requests.'}
      </p>
      <AppointedList people={approvers} roleName="approver" intent="remove" empty="No approvers named yet." />
      {/* A plain form (conform's hooks would put this admin page over its JavaScript budget). */}
      <Form method="post" className="card admin-form" noValidate>
        <input type="hidden" name="intent" value="appoint" />
        <FormBanner errors={appointed?.result.error?.['']} />
        <div className="field">
          <label htmlFor="approver-username">Username of the new approver</label>
          <input
            id="approver-username"
            name="username"
            type="text"
            autoComplete="off"
            required
            defaultValue={String(appointed?.result.initialValue?.username ?? '')}
            aria-invalid={usernameErrors ? true : undefined}
            aria-describedby={usernameErrors ? 'approver-username-error' : undefined}
          />
          <ErrorList id="approver-username-error" errors={usernameErrors} />
        </div>
        <button type="submit" className="button">
          Name approver
        </button>
      </Form>
    </>
  );
}
