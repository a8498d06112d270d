// /admin/inductions/{id} — one induction as admins run it (docs/product.md §10): edit it, name and
// remove its inductors, sign a member off, and revoke a member's induction with a reason. Every
// change is audited in its own transaction. Admins only; an unknown id is the 404 page.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  AppointInductorSchema,
  bookings,
  FORM_LIMITS,
  InductionFormSchema,
  InductionRevokeSchema,
  InductionSignOffSchema,
  notFound,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { Field, FormBanner } from '~/components/forms';
import { InductionForm, validFor } from '~/components/induction-form';
import { useIsPending } from '~/components/pending';
import { revokedText } from '~/lib/booking/format';
import { dateName, labDayOf } from '~/lib/booking/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Induction (admin)', description: 'Inductors, sign-offs and revocations.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const view = await bookings.admin.inductions.byId(params.inductionId ?? '');
  if (!view) notFound();
  return { ...view, notice: NOTICES[new URL(request.url).searchParams.get('done') ?? ''] ?? null };
}

const NOTICES: Record<string, string> = {
  saved: 'Induction saved.',
  appointed: 'Inductor named.',
  removed: 'Inductor removed.',
  'signed-off': 'Member signed off.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const view = await bookings.admin.inductions.byId(params.inductionId ?? '');
  if (!view) notFound();
  const inductionId = view.induction.id;
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const intent = String(formData.get('intent') ?? '');
  const done = (what: string) => redirect(`/admin/inductions/${inductionId}?done=${what}`);
  const answer = (result: SubmissionResult<string[]>, member?: string) => ({ intent, member, result });

  if (intent === 'edit') {
    const submission = parseWithZod(formData, { schema: InductionFormSchema });
    if (submission.status !== 'success') return answer(submission.reply());
    const outcome = await bookings.admin.inductions.save(inductionId, submission.value, user);
    if (outcome.status === 'saved') return done('saved');
    return answer(submission.reply({ fieldErrors: outcome.status === 'invalid' ? outcome.fieldErrors : {} }));
  }
  if (intent === 'appoint') {
    const submission = parseWithZod(formData, { schema: AppointInductorSchema });
    if (submission.status !== 'success') return answer(submission.reply());
    const userId = await bookings.inductions.memberIdByUsername(submission.value.username);
    if (!userId)
      return answer(submission.reply({ fieldErrors: { username: ['No member has that username.'] } }));
    await bookings.admin.inductions.setInductor(user, { inductionId, userId, appoint: true });
    return done('appointed');
  }
  if (intent === 'remove-inductor') {
    const userId = String(formData.get('member') ?? '');
    if (view.inductors.some((inductor) => inductor.id === userId))
      await bookings.admin.inductions.setInductor(user, { inductionId, userId, appoint: false });
    return done('removed');
  }
  if (intent === 'sign-off') {
    const submission = parseWithZod(formData, { schema: InductionSignOffSchema });
    if (submission.status !== 'success') return answer(submission.reply());
    const userId = await bookings.inductions.memberIdByUsername(submission.value.username ?? '');
    const outcome = userId
      ? await bookings.inductions.signOff(user, { inductionId, userId, note: submission.value.note })
      : 'not-found';
    if (outcome === 'signed-off') return done('signed-off');
    const message =
      outcome === 'self' ? 'Members never sign themselves off.' : 'No member has that username.';
    return answer(submission.reply({ fieldErrors: { username: [message] } }));
  }
  if (intent === 'revoke') {
    const submission = parseWithZod(formData, { schema: InductionRevokeSchema });
    const member = String(formData.get('userId') ?? '');
    if (submission.status !== 'success') return answer(submission.reply(), member);
    const { userId, reason, alsoCancel } = submission.value;
    const revoked = await bookings.inductions.revoke(user, { inductionId, userId, reason, alsoCancel });
    if (revoked.status !== 'revoked')
      return answer(submission.reply({ formErrors: ['That induction is not held any more.'] }), member);
    // Said on the page, not over a redirect: it lists the bookings that still stand.
    return { intent, member, notice: revokedText(revoked), result: submission.reply({ resetForm: true }) };
  }
  throw new Response('Unknown action', { status: 400 });
}

const day = (iso: string) => dateName(labDayOf(new Date(iso)));

export default function AdminInduction() {
  const { induction, inductors, holders, resources, ...loaded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const notice = (answer && 'notice' in answer ? answer.notice : null) ?? loaded.notice;
  const resultFor = (intent: string, member?: string) =>
    answer &&
    'intent' in answer &&
    answer.intent === intent &&
    (member === undefined || answer.member === member)
      ? answer.result
      : undefined;
  const now = new Date().toISOString();
  return (
    <>
      <h1>{induction.name}</h1>
      <p>
        <Link to="/admin/inductions">All inductions</Link> · {validFor(induction.validMonths)} ·{' '}
        {resources.length
          ? `Needed for ${resources.map((resource) => resource.name).join(', ')}`
          : 'No resource needs it yet'}
      </p>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="inductors-heading">
        <h2 id="inductors-heading">Inductors</h2>
        <p>Members who may sign others off for this induction, besides the admins.</p>
        {inductors.length ? (
          <ul className="inductor-list">
            {inductors.map((inductor) => (
              <li key={inductor.id}>
                <span>
                  <Link to={`/members/${inductor.username.toLowerCase()}`}>{inductor.fullname}</Link> @
                  {inductor.username} <span className="muted">(named by {inductor.appointedBy})</span>
                </span>
                <Form method="post" className="inline-action">
                  <input type="hidden" name="intent" value="remove-inductor" />
                  <input type="hidden" name="member" value={inductor.id} />
                  <button
                    type="submit"
                    className="button button-small button-secondary"
                    aria-label={`Remove @${inductor.username} as inductor`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No inductors yet.</p>
        )}
        <UsernameForm
          id="appoint"
          intent="appoint"
          label="Username of the new inductor"
          button="Name inductor"
          lastResult={resultFor('appoint')}
        />
      </section>

      <section aria-labelledby="sign-off-heading">
        <h2 id="sign-off-heading">Sign a member off</h2>
        <UsernameForm
          id="sign-off"
          intent="sign-off"
          label="Member’s username"
          button="Sign off"
          lastResult={resultFor('sign-off')}
          inductionId={induction.id}
          withNote
        />
      </section>

      <section aria-labelledby="holders-heading">
        <h2 id="holders-heading">Members signed off</h2>
        {holders.length ? (
          <AdminTable label="Members signed off" columns={['Member', 'Signed off', 'Standing', 'Revoke']}>
            {holders.map((holder) => (
              <tr key={holder.id}>
                <td data-label="Member">
                  {holder.fullname} @{holder.username}
                </td>
                <td data-label="Signed off">
                  {day(holder.signedOffAt)} by {holder.signedOffBy}
                  {holder.note ? <span className="muted"> — {holder.note}</span> : null}
                </td>
                <td data-label="Standing">
                  {holder.revokedAt
                    ? `Revoked ${day(holder.revokedAt)} by ${holder.revokedBy}: ${holder.revokeReason}`
                    : holder.expiresAt && holder.expiresAt <= now
                      ? `Expired ${day(holder.expiresAt)}`
                      : holder.expiresAt
                        ? `Valid until ${day(holder.expiresAt)}`
                        : 'Valid'}
                </td>
                <td data-label="Revoke">
                  {holder.revokedAt ? null : (
                    <RevokeForm
                      inductionId={induction.id}
                      member={holder}
                      upcoming={holder.upcoming}
                      lastResult={resultFor('revoke', holder.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p className="empty-state">Nobody has been signed off yet.</p>
        )}
      </section>

      <InductionForm
        title="Edit the induction"
        submit="Save induction"
        lastResult={resultFor('edit')}
        defaultValue={{
          name: induction.name,
          description: induction.description,
          validMonths: induction.validMonths === null ? '' : String(induction.validMonths),
        }}
      />
    </>
  );
}

function UsernameForm({
  id,
  intent,
  label,
  button,
  lastResult,
  inductionId,
  withNote = false,
}: {
  id: string;
  intent: string;
  label: string;
  button: string;
  lastResult?: SubmissionResult<string[]>;
  inductionId?: string;
  withNote?: boolean;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ username: string; note: string }>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="card admin-form">
      <input type="hidden" name="intent" value={intent} />
      {inductionId ? <input type="hidden" name="inductionId" value={inductionId} /> : null}
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label={label}
        field={fields.username}
        inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
        required
      />
      {withNote ? (
        <Field label="Note" field={fields.note} inputProps={getInputProps(fields.note, { type: 'text' })} />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {button}
      </button>
    </Form>
  );
}

function RevokeForm({
  inductionId,
  member,
  upcoming,
  lastResult,
}: {
  inductionId: string;
  member: { id: string; username: string };
  /** the member's upcoming bookings that need it */
  upcoming: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<{ reason: string; alsoCancel: boolean }>({
    id: `revoke-${member.id}`,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="inline-form">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="inductionId" value={inductionId} />
      <input type="hidden" name="userId" value={member.id} />
      <Field
        label={`Reason to revoke @${member.username}`}
        field={fields.reason}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
      {upcoming ? (
        <label className="checkbox">
          <input {...getInputProps(fields.alsoCancel, { type: 'checkbox' })} /> Also cancel those bookings (
          {upcoming} upcoming)
        </label>
      ) : null}
      <button type="submit" className="button button-small button-secondary">
        Revoke
      </button>
    </Form>
  );
}
