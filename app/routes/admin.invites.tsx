// /admin/invites — create, list and revoke invite keys (docs/product.md §2). Plain POST forms; a new
// key is in the action's answer only, so it is shown once and never stored in the clear.
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  admin,
  answer,
  config,
  FORM_LIMITS,
  formError,
  InviteCreateSchema,
  InviteRevokeSchema,
  parseWithZod,
  readForm,
  requireAdmin,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { Field, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import { answerFor } from '~/lib/answer';
import { inviteLink, MAX_INVITE_DAYS, MAX_INVITE_USES } from '~/lib/invites';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';

/** The page shows invite keys. */
export const headers = () => SECRET_PAGE_CACHE;

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Invites', description: 'Invite keys for new members.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { invites: await admin.invites.list() };
}

/** Two forms post here, 'Create invite' and a key's 'Revoke'; each answer shows by its own form. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  switch (formData.get('intent')) {
    case 'create':
      return create(formData, user);
    case 'revoke':
      return revoke(formData, user);
    default:
      return unknownForm();
  }
}

type Admin = Awaited<ReturnType<typeof requireAdmin>>;

async function create(formData: FormData, user: Admin) {
  const submission = parseWithZod(formData, { schema: InviteCreateSchema });
  if (submission.status !== 'success') return answer('create', submission.reply());
  const key = await admin.invites.create(submission.value, user);
  return answer('create', submission.reply({ resetForm: true }), {
    extra: { key, link: inviteLink(config.PUBLIC_URL, key) },
  });
}

async function revoke(formData: FormData, user: Admin) {
  const submission = parseWithZod(formData, { schema: InviteRevokeSchema });
  const revoked = submission.status === 'success' && (await admin.invites.revoke(submission.value.id, user));
  const item = String(formData.get('id') ?? '');
  // Its row has no 'Revoke' any more either way: the answer is said above the list.
  return revoked
    ? answer('revoke', { initialValue: null }, { item })
    : answer('revoke', formError(REVOKE_FAILED), { item, status: 404 });
}

const REVOKE_FAILED = 'That invite key does not exist or is already revoked.';
const STATUS_TEXT = { active: 'Active', used: 'Used up', expired: 'Expired', revoked: 'Revoked' };

export default function AdminInvites() {
  const { invites } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const busy = useIsPending();
  // Checked in the browser once the schema has loaded, not by a server round trip on blur.
  const validation = useLazyValidation('InviteCreateSchema', 'onBlur');
  const [form, fields] = useForm<z.input<typeof InviteCreateSchema>>({
    lastResult: answerFor(answered, 'create')?.result,
    defaultValue: { uses: '1' },
    ...validation.options,
  });
  // One answer per form: the new key, or whether the revoke happened.
  const created = answerFor(answered, 'create') as { key?: string; link?: string } | undefined;
  const revoke = answerFor(answered, 'revoke');
  return (
    <>
      <h1>Invites</h1>
      <FormBanner errors={answerFor(answered, null)?.result.error?.['']} />
      {created?.key ? (
        <section className="card new-key" aria-labelledby="new-key-title">
          <h2 id="new-key-title">New invite key</h2>
          <p>It is shown only now: copy it or the link before you leave this page.</p>
          <p>
            <code className="key">{created.key}</code>
          </p>
          <label htmlFor="invite-link">Registration link (fills in the key)</label>
          <input id="invite-link" className="copy-field" readOnly value={created.link} />
        </section>
      ) : null}
      <section className="card" aria-labelledby="create-title">
        <h2 id="create-title">Create an invite</h2>
        <Form
          method="post"
          {...getFormProps(form)}
          {...validation.formProps}
          noValidate
          className="admin-form"
        >
          <FormBanner id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="create" />
          <Field
            label="Uses"
            field={fields.uses}
            inputProps={{ ...getInputProps(fields.uses, { type: 'number' }), min: 1, max: MAX_INVITE_USES }}
            hint="How many members can register with it."
            required
          />
          <Field
            label="Expires in days"
            field={fields.expiresInDays}
            inputProps={{
              ...getInputProps(fields.expiresInDays, { type: 'number' }),
              min: 1,
              max: MAX_INVITE_DAYS,
            }}
            hint="Leave empty for a key that does not expire."
          />
          <Field
            label="Note"
            field={fields.note}
            inputProps={getInputProps(fields.note, { type: 'text' })}
            hint="Who it is for, or where it was handed out."
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Creating...' : 'Create invite'}
          </button>
        </Form>
      </section>
      <section aria-labelledby="list-title">
        <h2 id="list-title">All invite keys</h2>
        <FormBanner errors={revoke?.result.error?.['']} />
        {revoke && !revoke.result.error ? (
          <p className="form-success" role="status">
            Invite key revoked.
          </p>
        ) : null}
        {invites.length ? (
          <AdminTable
            label="All invite keys"
            columns={['Key', 'State', 'Uses left', 'Expires', 'Note', 'Registered', 'Actions']}
          >
            {invites.map((invite) => (
              <tr key={invite.id}>
                <td data-label="Key">
                  <code>{invite.hint}</code>
                  <br />
                  <span className="muted">created {invite.created}</span>
                </td>
                <td data-label="State">{STATUS_TEXT[invite.status]}</td>
                <td data-label="Uses left">
                  {invite.usesLeft} of {invite.maxUses}
                </td>
                <td data-label="Expires">{invite.expires ?? 'never'}</td>
                <td data-label="Note">{invite.note}</td>
                <td data-label="Registered">
                  {invite.registered.length
                    ? invite.registered.map((username, i) => (
                        <span key={username}>
                          {i ? ', ' : ''}
                          <Link to={`/members/${username.toLowerCase()}`}>@{username}</Link>
                        </span>
                      ))
                    : 'nobody yet'}
                </td>
                <td>
                  {invite.status === 'active' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={invite.id} />
                      <button
                        type="submit"
                        className="button button-small button-secondary"
                        aria-label={`Revoke ${invite.hint}`}
                      >
                        Revoke
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p className="empty-state">No invite keys yet.</p>
        )}
      </section>
    </>
  );
}
