// /offers/{id} — freed time offered to a member from the waiting list (docs/product.md §10 'The
// waiting list'): the page the offer mail links. Opening it changes nothing (mail scanners follow
// links; a signed-out member is sent to sign in and back); 'Take it' and 'Pass' are plain forms,
// each one guarded update, so two tabs, or a take at the offer's end, give one outcome. Only the
// member it was offered to sees it: anyone else gets a 404.
import { getFormProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  bookings,
  FORM_LIMITS,
  formError,
  notFound,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { answerFor } from '~/lib/answer';
import { whenText } from '~/lib/bookings/format';
import { offerEndedText, offerHeldText } from '~/lib/bookings/waitlist';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Time offered to you', description: 'Take or pass on time freed for you.' });

/** The member's offer: kept by no cache, not even the browser's disk (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

/** The member's own offer of the URL, or a 404 (another member's, or none). */
async function ownOffer(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const offer = await bookings.waitlist.offer(id ?? '', user.id);
  if (!offer) notFound();
  return { user, offer };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { offer } = await ownOffer(request, params.id);
  const open =
    offer.status === 'offered' && offer.holdUntil !== null && offer.holdUntil > new Date().toISOString();
  return {
    offer: { resource: offer.resource, when: whenText(offer) },
    held: open ? offerHeldText(offer.holdUntil!) : null,
    ended: open ? null : offerEndedText(offer),
  };
}

/** 'Take it' or 'Pass': each answer names its form (app/lib/answer.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, offer } = await ownOffer(request, params.id);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const intent = formData.get('intent');
  if (intent !== 'take' && intent !== 'pass') return unknownForm();
  const outcome = await bookings.waitlist.answer({
    bookingId: offer.id,
    userId: user.id,
    take: intent === 'take',
  });
  switch (outcome.status) {
    case 'taken':
      return redirect('/bookings?notice=booked');
    case 'passed':
      return redirect('/bookings?notice=passed');
    case 'already':
      return answer(intent, formError(outcome.message), { status: 409 });
    case 'not-found':
      notFound();
  }
}

export default function Offer() {
  const { offer, held, ended } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const [takeForm] = useForm({ id: 'take', lastResult: answerFor(answered, 'take')?.result });
  const [passForm] = useForm({ id: 'pass', lastResult: answerFor(answered, 'pass')?.result });
  const busy = useIsPending();
  return (
    <main id="main" className="page narrow-page">
      <div className="card narrow-card">
        <h1>Time offered to you</h1>
        <FormBanner id={takeForm.errorId} errors={takeForm.errors} />
        <FormBanner id={passForm.errorId} errors={passForm.errors} />
        <dl className="facts booking-facts">
          <dt>Machine</dt>
          <dd>
            <Link to={`/resources/${offer.resource.slug}`}>{offer.resource.name}</Link>
          </dd>
          <dt>When</dt>
          <dd>{offer.when}</dd>
        </dl>
        {held ? (
          <>
            <p id="offer-held">You were first in line when this time was freed. {held}</p>
            <div className="button-row">
              <Form method="post" {...getFormProps(passForm)}>
                <input type="hidden" name="intent" value="pass" />
                <button type="submit" className="button button-secondary" disabled={busy}>
                  Pass
                </button>
              </Form>
              <Form method="post" {...getFormProps(takeForm)}>
                <input type="hidden" name="intent" value="take" />
                <button type="submit" className="button" disabled={busy} aria-describedby="offer-held">
                  Take it
                </button>
              </Form>
            </div>
          </>
        ) : (
          <p>{ended}</p>
        )}
        <p>
          <Link to="/bookings">My bookings</Link>
        </p>
      </div>
    </main>
  );
}
