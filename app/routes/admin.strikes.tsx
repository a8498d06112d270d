// /admin/strikes — members' strikes that still count and are not yet answered (docs/product.md §10
// 'Strikes'), the ones a member asked to waive first, with their reason; 'Waive' with a reason, and
// for a request 'Decline' with one; the member is mailed either (audited). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  answer,
  bookings,
  FORM_LIMITS,
  formError,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  StrikeDeclineSchema,
  StrikeWaiveSchema,
  tooLarge,
  unknownForm,
} from '~/.server';
import { allErrors } from '~/components/form-errors';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { answerFor } from '~/lib/answer';
import { STRIKE_KIND_TEXT } from '~/lib/bookings/strikes';
import { dateName, labDayOf } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Strikes', description: 'Members’ no-show strikes, and waiving them.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const strikes = await bookings.strikes.toWaive();
  const day = (iso: string) => dateName(labDayOf(new Date(iso)));
  return strikes.map((strike) => ({
    id: strike.id,
    kind: strike.kind,
    about: strike.about,
    member: strike.member,
    given: day(strike.createdAt),
    counts: day(strike.expiresAt),
    request: strike.waiveAskedAt ? strike.waiveRequest : null,
  }));
}

/**
 * Two forms per strike post here, 'Waive' and 'Decline'; each answer names its form and strike
 * (`item`), so only that form shows it (app/lib/answer.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const intent = formData.get('intent');
  if (intent !== 'waive' && intent !== 'decline') return unknownForm();
  const item = String(formData.get('strike') ?? '');
  const submission = parseWithZod(formData, {
    schema: intent === 'waive' ? StrikeWaiveSchema : StrikeDeclineSchema,
  });
  if (submission.status !== 'success') return answer(intent, submission.reply(), { item });
  const input = { strikeId: submission.value.strike, reason: submission.value.reason };
  // Guarded in the store: of two admins answering at once, the second finds it answered.
  const answered =
    intent === 'waive'
      ? await bookings.strikes.waive(input, user)
      : await bookings.strikes.decline(input, user);
  if (!answered) return answer(intent, formError(ANSWERED[intent]), { item, status: 404 });
  return redirect(`/admin/strikes?${intent === 'waive' ? 'waived' : 'declined'}`);
}

const ANSWERED = {
  waive: 'That strike is already waived or declined, or gone.',
  decline: 'That request to waive is already answered, or gone.',
};

export default function AdminStrikes() {
  const strikes = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useIsPending();
  const errorsFor = (intent: 'waive' | 'decline', strike: string) =>
    allErrors(answerFor(answered, intent, strike)?.result);
  // Answered already (by another admin): its form is not on the page any more, so it is said here.
  const shown = (intent: 'waive' | 'decline', item: string | null) =>
    strikes.some((strike) => strike.id === item && (intent === 'waive' || strike.request !== null));
  const stray =
    answered?.intent && !shown(answered.intent, answered.item) ? answered : answerFor(answered, null);
  return (
    <>
      <h1>Strikes</h1>
      {params.has('waived') ? (
        <p className="form-success" role="status">
          Waived. The member sees it on My bookings.
        </p>
      ) : params.has('declined') ? (
        <p className="form-success" role="status">
          Declined. The member is mailed your reason; the strike counts on.
        </p>
      ) : null}
      <FormBanner errors={allErrors(stray?.result)} />
      {strikes.length ? (
        <ul className="strike-list">
          {strikes.map((strike) => (
            <li key={strike.id} className="card">
              <p>
                <strong>
                  {strike.member.fullname} (@{strike.member.username})
                </strong>
                : {STRIKE_KIND_TEXT[strike.kind]}, {strike.about}. Given on {strike.given}, counts until{' '}
                {strike.counts}.
              </p>
              {strike.request !== null ? <p>They ask to waive it: “{strike.request}”</p> : null}
              <Form method="post">
                <FormBanner errors={errorsFor('waive', strike.id)} />
                <input type="hidden" name="intent" value="waive" />
                <input type="hidden" name="strike" value={strike.id} />
                <div className="field">
                  <label htmlFor={`waive-${strike.id}`}>Reason to waive</label>
                  <input id={`waive-${strike.id}`} name="reason" required maxLength={300} />
                </div>
                <button
                  type="submit"
                  className="button button-secondary button-small"
                  disabled={busy}
                  aria-label={`Waive the strike of @${strike.member.username}: ${strike.about}`}
                >
                  Waive
                </button>
              </Form>
              {strike.request !== null ? (
                <Form method="post">
                  <FormBanner errors={errorsFor('decline', strike.id)} />
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="strike" value={strike.id} />
                  <div className="field">
                    <label htmlFor={`decline-${strike.id}`}>Reason to decline</label>
                    <input id={`decline-${strike.id}`} name="reason" required maxLength={300} />
                  </div>
                  <button
                    type="submit"
                    className="button button-secondary button-small"
                    disabled={busy}
                    aria-label={`Decline the request of @${strike.member.username}: ${strike.about}`}
                  >
                    Decline
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No strike counts against anyone now.</p>
      )}
    </>
  );
}
