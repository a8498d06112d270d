// /inductions — where inductors and admins sign members off (docs/product.md §10): the open
// requests for the inductions they may sign, a sign-off form for a member inducted without one, and
// who holds each induction, with revoke. Admins sign every induction; an inductor those an admin
// named them for (the Nottingham Hackspace ladder). Members never sign themselves off.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  bookings,
  FORM_LIMITS,
  formError,
  InductionDeclineSchema,
  InductionRevokeSchema,
  InductionSignOffSchema,
  notFound,
  parseWithZod,
  readForm,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { allErrors } from '~/components/form-errors';
import { ErrorList, Field, FormBanner } from '~/components/forms';
import { touchedTitle } from '~/components/induction-form';
import { useIsPending } from '~/components/pending';
import { TouchedBookings } from '~/components/touched-bookings';
import { revokedText } from '~/lib/bookings/format';
import { dateName, labDayOf } from '~/lib/bookings/time';
import { answerFor, strayAnswerFor } from '~/lib/answer';
import { pageMeta } from '~/lib/meta';
import { MAX_INDUCTION_NOTE } from '~/lib/limits';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Inductions',
    description: 'Sign members off for the machines they have been inducted on.',
  });

/** Members' requests and inductions, as on the admin pages: kept by no cache (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

async function requireInductor(request: Request) {
  const user = await requireUser(request);
  const page = await bookings.inductions.forActor(user);
  // Nothing to sign off: the page does not exist for this member.
  if (!page.inductions.length) notFound();
  return { user, page };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { page } = await requireInductor(request);
  return page;
}

const OUTCOME_TEXT = {
  self: 'You cannot sign off your own induction.',
  'not-allowed': 'You do not sign members off for that induction.',
  'not-found': 'No member has that username.',
} as const;

type Actor = Awaited<ReturnType<typeof requireInductor>>['user'];

/**
 * Four forms post here: the sign-off form (its errors next to its fields, what was typed kept), and
 * a request's 'Sign off' and 'Decline' (`item`: the request) and a holder's 'Revoke' (`item`: the
 * induction and member); each answer shows in the form that posted (app/lib/answer.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireInductor(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  switch (formData.get('intent')) {
    case 'sign-off':
      return signOffMember(user, formData);
    case 'decline':
      return decline(user, formData);
    case 'revoke':
      return revoke(user, formData);
    default:
      return unknownForm();
  }
}

/** Which holder's 'Revoke' posted: one member's row of one induction's table. */
const holderItem = (inductionId: string, userId: string) => `${inductionId}:${userId}`;

async function signOffMember(user: Actor, formData: FormData) {
  const submission = parseWithZod(formData, { schema: InductionSignOffSchema });
  const fromRequest = formData.has('userId');
  // A request's 'Sign off' names its request; the sign-off form names none.
  const item = fromRequest ? String(formData.get('requestId') ?? '') : null;
  if (submission.status !== 'success')
    return fromRequest
      ? answer('sign-off', formError('That sign-off could not be read.'), { item })
      : answer('sign-off', submission.reply());
  const { inductionId, username, userId, note } = submission.value;
  const memberId = userId ?? (await bookings.inductions.memberIdByUsername(username ?? ''));
  const outcome = memberId
    ? await bookings.inductions.signOff(user, { inductionId, userId: memberId, note })
    : 'not-found';
  if (outcome === 'signed-off')
    return answer('sign-off', submission.reply({ resetForm: true }), {
      item,
      extra: { done: 'Signed off.' },
    });
  const status = outcome === 'not-found' ? 404 : 403;
  if (fromRequest) return answer('sign-off', formError(OUTCOME_TEXT[outcome]), { item, status });
  const field = outcome === 'not-allowed' ? 'inductionId' : 'username';
  return answer('sign-off', submission.reply({ fieldErrors: { [field]: [OUTCOME_TEXT[outcome]] } }), {
    status,
  });
}

async function decline(user: Actor, formData: FormData) {
  const submission = parseWithZod(formData, { schema: InductionDeclineSchema });
  const item = String(formData.get('requestId') ?? '');
  if (submission.status !== 'success') return answer('decline', submission.reply(), { item });
  const outcome = await bookings.inductions.decline(user, submission.value);
  if (outcome.status !== 'declined')
    return outcome.status === 'not-allowed'
      ? answer('decline', formError(OUTCOME_TEXT['not-allowed']), { item, status: 403 })
      : answer('decline', formError('That request is not open any more.'), { item, status: 404 });
  return answer('decline', submission.reply({ resetForm: true }), {
    item,
    extra: { done: 'Request declined; the member was e-mailed why.' },
  });
}

async function revoke(user: Actor, formData: FormData) {
  const submission = parseWithZod(formData, { schema: InductionRevokeSchema });
  const item = holderItem(String(formData.get('inductionId') ?? ''), String(formData.get('userId') ?? ''));
  if (submission.status !== 'success') return answer('revoke', submission.reply(), { item });
  const outcome = await bookings.inductions.revoke(user, submission.value);
  if (outcome.status !== 'revoked')
    return outcome.status === 'not-allowed'
      ? answer('revoke', formError(OUTCOME_TEXT['not-allowed']), { item, status: 403 })
      : answer('revoke', formError('That induction is not held any more.'), { item, status: 404 });
  return answer('revoke', submission.reply({ resetForm: true }), {
    item,
    extra: { done: revokedText(outcome) },
  });
}

const day = (iso: string) => dateName(labDayOf(new Date(iso)));

export default function Inductions() {
  const { inductions, requests, holders } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: 'sign-off',
    lastResult: answerFor(answered, 'sign-off', null)?.result,
    shouldRevalidate: 'onInput',
  });
  // A change done: its form is gone from the page, so it is said at the top.
  const done = (answered as { done?: string } | undefined)?.done ?? null;
  /** A refusal for one of the forms listed here: shown in that form only. */
  const errorsFor = (intent: 'sign-off' | 'decline' | 'revoke', item: string) =>
    allErrors(answerFor(answered, intent, item)?.result);
  // A request or holder no longer listed (answered in another tab): said once, at the top.
  const stray = [
    strayAnswerFor(
      answered,
      'decline',
      requests.map((request) => request.id),
    ),
    answered?.item
      ? strayAnswerFor(
          answered,
          'sign-off',
          requests.map((request) => request.id),
        )
      : undefined,
    strayAnswerFor(
      answered,
      'revoke',
      holders.map((holder) => holderItem(holder.inductionId, holder.member.id)),
    ),
  ].find((found) => found?.result.status === 'error');
  const now = new Date().toISOString();
  return (
    <main id="main" className="page inductions-page">
      <h1>Inductions</h1>
      <p className="lead">
        Sign members off once you have inducted them; they can then book the machines the induction gates.
      </p>
      <FormBanner errors={allErrors(answerFor(answered, null)?.result ?? stray?.result)} />
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}

      <section aria-labelledby="requests-title">
        <h2 id="requests-title">Open requests</h2>
        {requests.length ? (
          <ul className="induction-requests">
            {requests.map((request) => (
              <li key={request.id} className="card">
                <p>
                  <strong>
                    <Link to={`/members/${request.member.username.toLowerCase()}`}>
                      {request.member.fullname}
                    </Link>
                  </strong>{' '}
                  (@{request.member.username}) asks for the <strong>{request.induction.name}</strong>, since{' '}
                  {day(request.createdAt)}.
                </p>
                {request.message ? <blockquote>{request.message}</blockquote> : null}
                <p>
                  Reach them at <a href={`mailto:${request.member.email}`}>{request.member.email}</a>.
                </p>
                <Form method="post" className="inline-form">
                  <FormBanner errors={errorsFor('sign-off', request.id)} />
                  <input type="hidden" name="intent" value="sign-off" />
                  <input type="hidden" name="requestId" value={request.id} />
                  <input type="hidden" name="inductionId" value={request.induction.id} />
                  <input type="hidden" name="userId" value={request.member.id} />
                  <label htmlFor={`note-${request.id}`}>Note (optional)</label>
                  <input id={`note-${request.id}`} name="note" maxLength={MAX_INDUCTION_NOTE} />
                  <button type="submit" className="button button-small" disabled={busy}>
                    Sign off {request.member.fullname}
                  </button>
                </Form>
                {/* Open again when its answer is a refusal, so the refusal is seen. */}
                <details className="decline" open={Boolean(errorsFor('decline', request.id)?.length)}>
                  <summary>Not yet: decline with a reason</summary>
                  <Form method="post" className="inline-form">
                    <FormBanner errors={errorsFor('decline', request.id)} />
                    <input type="hidden" name="intent" value="decline" />
                    <input type="hidden" name="requestId" value={request.id} />
                    <label htmlFor={`decline-${request.id}`}>Why not yet</label>
                    <input
                      id={`decline-${request.id}`}
                      name="reason"
                      required
                      maxLength={MAX_INDUCTION_NOTE}
                    />
                    <button type="submit" className="button button-small button-secondary" disabled={busy}>
                      Decline {request.member.fullname}’s request
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p>No open requests.</p>
        )}
      </section>

      <section className="card" aria-labelledby="sign-off-title">
        <h2 id="sign-off-title">Sign a member off</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
          <input type="hidden" name="intent" value="sign-off" />
          <FormBanner id={form.errorId} errors={form.errors} />
          <div className="field">
            <label htmlFor={fields.inductionId.id}>Induction</label>
            <select
              {...getSelectProps(fields.inductionId)}
              aria-describedby={fields.inductionId.errors ? fields.inductionId.errorId : undefined}
            >
              {inductions.map((induction) => (
                <option key={induction.id} value={induction.id}>
                  {induction.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.inductionId.errorId} errors={fields.inductionId.errors} />
          </div>
          <Field
            label="Member's username"
            field={fields.username}
            inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
            required
          />
          <Field
            label="Note"
            field={fields.note}
            textareaProps={{ ...getTextareaProps(fields.note), rows: 2, maxLength: MAX_INDUCTION_NOTE }}
            hint="What was covered, anything to watch."
          />
          <button type="submit" className="button" disabled={busy}>
            Sign off
          </button>
        </Form>
      </section>

      {inductions.map((induction) => {
        const held = holders.filter((holder) => holder.inductionId === induction.id);
        return (
          <section key={induction.id} aria-labelledby={`holders-${induction.slug}`}>
            <h2 id={`holders-${induction.slug}`}>{induction.name}</h2>
            {held.length ? (
              <AdminTable
                label={`Who holds the ${induction.name}`}
                columns={['Member', 'Signed off', 'Valid until', 'Actions']}
              >
                {held.map((holder) => (
                  <tr key={holder.member.id}>
                    <td data-label="Member">
                      {holder.member.fullname} (@{holder.member.username})
                    </td>
                    <td data-label="Signed off">
                      {day(holder.signedOffAt)} by {holder.signedOffBy}
                    </td>
                    <td data-label="Valid until">
                      {holder.expiresAt
                        ? holder.expiresAt > now
                          ? day(holder.expiresAt)
                          : `expired ${day(holder.expiresAt)}`
                        : 'no expiry'}
                    </td>
                    <td data-label="Actions">
                      <Form method="post" className="inline-form">
                        <FormBanner
                          errors={errorsFor('revoke', holderItem(induction.id, holder.member.id))}
                        />
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="inductionId" value={induction.id} />
                        <input type="hidden" name="userId" value={holder.member.id} />
                        <label htmlFor={`reason-${induction.id}-${holder.member.id}`}>Reason</label>
                        <input
                          id={`reason-${induction.id}-${holder.member.id}`}
                          name="reason"
                          required
                          maxLength={MAX_INDUCTION_NOTE}
                        />
                        <TouchedBookings
                          id={`touched-${induction.id}-${holder.member.id}`}
                          title={touchedTitle(holder.member.username, holder.upcoming.length)}
                          bookings={holder.upcoming}
                        />
                        {holder.upcoming.length ? (
                          <label className="checkbox">
                            <input type="checkbox" name="alsoCancel" value="on" /> Also cancel those bookings
                            ({holder.upcoming.length} upcoming)
                          </label>
                        ) : null}
                        <button type="submit" className="button button-small button-danger" disabled={busy}>
                          Revoke
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            ) : (
              <p>Nobody holds it yet.</p>
            )}
          </section>
        );
      })}
    </main>
  );
}
