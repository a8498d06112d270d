// /admin/inductions/{id} — one induction as admins run it (docs/product.md §10): edit it, name and
// remove its inductors, sign a member off, and revoke a member's induction with a reason. Every
// change is audited in its own transaction. Admins only; an unknown id is the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
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
  unknownForm,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { AppointedList } from '~/components/appointed-list';
import { FormBanner } from '~/components/forms';
import { InductionForm, RevokeForm, UsernameForm, validFor } from '~/components/induction-form';
import { allErrors } from '~/components/form-errors';
import { answerFor } from '~/lib/answer';
import { revokedText } from '~/lib/bookings/format';
import { dateName, labDayOf } from '~/lib/bookings/time';
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

/**
 * Five forms post here; each answer names its form (a revoke also the member's row: `item`), so
 * only that form shows it (app/lib/answer.ts).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const view = await bookings.admin.inductions.byId(params.inductionId ?? '');
  if (!view) notFound();
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const form = { user, view, formData, inductionId: view.induction.id };
  switch (formData.get('intent')) {
    case 'edit':
      return edit(form);
    case 'appoint':
      return appoint(form);
    case 'remove-inductor':
      return removeInductor(form);
    case 'sign-off':
      return signOff(form);
    case 'revoke':
      return revoke(form);
    default:
      return unknownForm();
  }
}

type Posted = {
  user: Awaited<ReturnType<typeof requireAdmin>>;
  view: NonNullable<Awaited<ReturnType<typeof bookings.admin.inductions.byId>>>;
  formData: FormData;
  inductionId: string;
};
const done = (inductionId: string, what: string) => redirect(`/admin/inductions/${inductionId}?done=${what}`);

async function edit({ user, formData, inductionId }: Posted) {
  const submission = parseWithZod(formData, { schema: InductionFormSchema });
  if (submission.status !== 'success') return answer('edit', submission.reply());
  const outcome = await bookings.admin.inductions.save(inductionId, submission.value, user);
  if (outcome.status === 'saved') return done(inductionId, 'saved');
  const fieldErrors = outcome.status === 'invalid' ? outcome.fieldErrors : {};
  return answer('edit', submission.reply({ fieldErrors }));
}

async function appoint({ user, formData, inductionId }: Posted) {
  const submission = parseWithZod(formData, { schema: AppointInductorSchema });
  if (submission.status !== 'success') return answer('appoint', submission.reply());
  const userId = await bookings.inductions.memberIdByUsername(submission.value.username);
  if (!userId)
    return answer(
      'appoint',
      submission.reply({ fieldErrors: { username: ['No member has that username.'] } }),
    );
  await bookings.admin.inductions.setInductor(user, { inductionId, userId, appoint: true });
  return done(inductionId, 'appointed');
}

async function removeInductor({ user, view, formData, inductionId }: Posted) {
  const userId = String(formData.get('member') ?? '');
  if (view.inductors.some((inductor) => inductor.id === userId))
    await bookings.admin.inductions.setInductor(user, { inductionId, userId, appoint: false });
  return done(inductionId, 'removed');
}

async function signOff({ user, formData, inductionId }: Posted) {
  const submission = parseWithZod(formData, { schema: InductionSignOffSchema });
  if (submission.status !== 'success') return answer('sign-off', submission.reply());
  const userId = await bookings.inductions.memberIdByUsername(submission.value.username ?? '');
  const outcome = userId
    ? await bookings.inductions.signOff(user, { inductionId, userId, note: submission.value.note })
    : 'not-found';
  if (outcome === 'signed-off') return done(inductionId, 'signed-off');
  const message = outcome === 'self' ? 'Members never sign themselves off.' : 'No member has that username.';
  return answer('sign-off', submission.reply({ fieldErrors: { username: [message] } }));
}

async function revoke({ user, formData, inductionId }: Posted) {
  const submission = parseWithZod(formData, { schema: InductionRevokeSchema });
  const item = String(formData.get('userId') ?? '');
  if (submission.status !== 'success') return answer('revoke', submission.reply(), { item });
  const { userId, reason, alsoCancel } = submission.value;
  const revoked = await bookings.inductions.revoke(user, { inductionId, userId, reason, alsoCancel });
  if (revoked.status !== 'revoked')
    return answer('revoke', submission.reply({ formErrors: ['That induction is not held any more.'] }), {
      item,
      status: 404,
    });
  // Said on the page, not over a redirect: it lists the bookings that still stand.
  const notice = revokedText(revoked);
  return answer('revoke', submission.reply({ resetForm: true }), { item, extra: { notice } });
}

const day = (iso: string) => dateName(labDayOf(new Date(iso)));

export default function AdminInduction() {
  const { induction, inductors, holders, resources, ...loaded } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const notice = (answered as { notice?: string } | undefined)?.notice ?? loaded.notice;
  const resultFor = (intent: 'edit' | 'appoint' | 'sign-off' | 'revoke', member?: string) =>
    answerFor(answered, intent, member)?.result;
  // A revoke of a row without its form now (revoked in another tab): said at the top.
  const stray =
    answered?.intent === 'revoke' &&
    !holders.some((holder) => holder.id === answered.item && !holder.revokedAt);
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
      <FormBanner
        errors={allErrors(answerFor(answered, null)?.result ?? (stray ? answered.result : undefined))}
      />

      <section aria-labelledby="inductors-heading">
        <h2 id="inductors-heading">Inductors</h2>
        <p>Members who may sign others off for this induction, besides the admins.</p>
        <AppointedList
          people={inductors}
          roleName="inductor"
          intent="remove-inductor"
          empty="No inductors yet."
        />
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
