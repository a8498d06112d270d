// /approvals — where approvers and admins decide requests for resources that need approval
// (docs/product.md §10 'Approvals'): each pending request, soonest start first, with its deadline,
// the member's answers and their induction, and 'Approve' and 'Decline' (a reason required) as
// plain forms. A decision is one guarded update (docs/decisions/032-approvals-and-offers.md): an
// approver who comes second is told who decided. Nobody decides their own request.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  ApprovalDecisionSchema,
  bookings,
  FORM_LIMITS,
  formError,
  notFound,
  parseWithZod,
  readForm,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { allErrors } from '~/components/form-errors';
import { ErrorList, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { answerFor, strayAnswerFor } from '~/lib/answer';
import { OWN_REQUEST } from '~/lib/bookings/approvals';
import { instantText, whenText } from '~/lib/bookings/format';
import type { InductionStanding } from '~/lib/bookings/rules';
import { dateName } from '~/lib/bookings/time';
import { MAX_INDUCTION_NOTE } from '~/lib/limits';
import { pageMeta } from '~/lib/meta';
import { Fragment } from 'react';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Approvals', description: 'Booking requests waiting for a decision.' });

/** Members' requests and answers: kept by no cache (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

/** An approver or an admin; for anyone else the page does not exist. */
async function requireApprover(request: Request) {
  const user = await requireUser(request);
  if (!(await bookings.approvals.mayDecide(user))) notFound();
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApprover(request);
  const pending = await bookings.approvals.pending(user);
  return {
    requests: pending.map(({ booking, member, answers, induction, own }) => ({
      id: booking.id,
      resource: booking.resource,
      when: whenText(booking),
      deadline: instantText(booking.holdUntil!),
      note: booking.note,
      member,
      answers,
      induction: induction && inductionText(induction),
      own,
    })),
  };
}

/** 'Approve' and 'Decline' of each request post here (`item`: the request). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApprover(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const intent = formData.get('intent');
  if (intent !== 'approve' && intent !== 'decline') return unknownForm();
  const item = String(formData.get('requestId') ?? '');
  const submission = parseWithZod(formData, { schema: ApprovalDecisionSchema });
  if (submission.status !== 'success') return answer(intent, submission.reply(), { item });
  const decision = submission.value;
  const outcome = await bookings.approvals.decide({
    bookingId: decision.requestId,
    actor: user,
    approve: decision.intent === 'approve',
    reason: decision.intent === 'decline' ? decision.reason : '',
  });
  switch (outcome.status) {
    case 'decided':
      return answer(intent, submission.reply({ resetForm: true }), {
        item,
        extra: {
          done:
            decision.intent === 'approve'
              ? `Approved: ${outcome.booking.resource.name}, ${whenText(outcome.booking)}. The member was e-mailed.`
              : `Declined: ${outcome.booking.resource.name}, ${whenText(outcome.booking)}. The member was e-mailed your reason.`,
        },
      });
    case 'already':
      return answer(intent, formError(outcome.message), { item, status: 409 });
    case 'refused':
      return answer(intent, formError(outcome.message), { item, status: 403 });
    case 'not-found':
      return answer(intent, formError('That request is not open any more.'), { item, status: 404 });
  }
}

/** The member's standing in the induction the resource needs, for the approver. */
function inductionText(standing: InductionStanding) {
  switch (standing.state) {
    case 'held':
      return `${standing.name}: held${standing.expiresOn ? `, valid until ${dateName(standing.expiresOn)}` : ''}`;
    case 'expired':
      return `${standing.name}: expired on ${dateName(standing.expiredOn)}`;
    case 'missing':
      return `${standing.name}: not held`;
    case 'not-needed':
      return null;
  }
}

export default function Approvals() {
  const { requests } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const busy = useIsPending();
  const done = (answered as { done?: string } | undefined)?.done ?? null;
  const errorsFor = (intent: 'approve' | 'decline', item: string) =>
    allErrors(answerFor(answered, intent, item)?.result);
  // A request decided meanwhile is no longer listed: its answer is said at the top.
  const shown = requests.map((request) => request.id);
  const stray = [strayAnswerFor(answered, 'approve', shown), strayAnswerFor(answered, 'decline', shown)].find(
    (found) => found?.result.status === 'error',
  );
  return (
    <main id="main" className="page approvals-page">
      <h1>Approvals</h1>
      <p className="lead">
        Requests for machines that need approval hold their slot until you decide, or until their deadline;
        then they expire and the member is told.
      </p>
      <FormBanner errors={allErrors(stray?.result)} />
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}
      {requests.length ? (
        <ul className="approval-requests">
          {requests.map((request) => (
            <li key={request.id} className="card">
              <h2 className="card-title">
                <Link to={`/resources/${request.resource.slug}`}>{request.resource.name}</Link>,{' '}
                {request.when}
              </h2>
              <dl className="facts">
                <dt>Member</dt>
                <dd>
                  <Link to={`/members/${request.member.username.toLowerCase()}`}>
                    {request.member.fullname}
                  </Link>{' '}
                  (@
                  {request.member.username})
                </dd>
                <dt>Decide by</dt>
                <dd>{request.deadline}</dd>
                {request.induction ? (
                  <>
                    <dt>Induction</dt>
                    <dd>{request.induction}</dd>
                  </>
                ) : null}
                {request.answers.map((item) => (
                  <Fragment key={item.question}>
                    <dt>{item.question}</dt>
                    <dd>{item.answer}</dd>
                  </Fragment>
                ))}
                {request.note ? (
                  <>
                    <dt>Note</dt>
                    <dd>{request.note}</dd>
                  </>
                ) : null}
              </dl>
              {request.own ? (
                <p className="muted">{OWN_REQUEST}</p>
              ) : (
                <>
                  <Form method="post" className="inline-form">
                    <FormBanner errors={errorsFor('approve', request.id)} />
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="requestId" value={request.id} />
                    <button type="submit" className="button button-small" disabled={busy}>
                      Approve @{request.member.username}’s request
                    </button>
                  </Form>
                  <DeclineForm
                    requestId={request.id}
                    username={request.member.username}
                    result={answerFor(answered, 'decline', request.id)?.result}
                    busy={busy}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No requests are waiting.</p>
      )}
    </main>
  );
}

/** 'Decline' with its required reason: a missing one is said under the field, what was typed kept. */
function DeclineForm({
  requestId,
  username,
  result,
  busy,
}: {
  requestId: string;
  username: string;
  result:
    | { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null }
    | undefined;
  busy: boolean;
}) {
  const id = `reason-${requestId}`;
  const reasonErrors = result?.error?.reason ?? null;
  const others = result?.error ? Object.entries(result.error).filter(([field]) => field !== 'reason') : [];
  return (
    <Form method="post" className="inline-form">
      <FormBanner errors={others.flatMap(([, errors]) => errors ?? [])} />
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="requestId" value={requestId} />
      <label htmlFor={id}>Reason to decline</label>
      <input
        id={id}
        name="reason"
        required
        maxLength={MAX_INDUCTION_NOTE}
        defaultValue={String(result?.initialValue?.reason ?? '')}
        aria-invalid={reasonErrors ? true : undefined}
        aria-describedby={reasonErrors ? `${id}-error` : undefined}
      />
      <ErrorList id={`${id}-error`} errors={reasonErrors} />
      <button type="submit" className="button button-small button-secondary" disabled={busy}>
        Decline @{username}’s request
      </button>
    </Form>
  );
}
