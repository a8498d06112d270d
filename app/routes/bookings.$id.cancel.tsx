// /bookings/{id}/cancel — 'Are you sure you want to cancel this booking?' (docs/product.md §10): the
// confirmation step, a page of its own so it works without JavaScript. The member's own bookings
// only (anyone else's is a 404); past the resource's cutoff it says why not, and the action, which
// checks the cutoff again in the cancelling transaction, refuses the same way. Past the cutoff and
// before the start, 'Release this booking' still frees the slot, as a late cancel (a strike).
import { getFormProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  bookings,
  FORM_LIMITS,
  formError,
  readForm,
  redirect,
  requireOwnBooking,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { answerFor } from '~/lib/answer';
import { openActions } from '~/lib/bookings/actions';
import { whenText } from '~/lib/bookings/format';
import { cancelRefusal, refusalStatus } from '~/lib/bookings/rules';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Cancel booking', description: 'Cancel one of your bookings.' });

/** The member's booking: kept by no cache, not even the browser's disk (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking } = await requireOwnBooking(request, params.id);
  // By the terms the booking was made under, not its resource's of today.
  // A request waiting for approval is withdrawn at any time before an approver decides.
  const pending = booking.status === 'pending';
  const refusal =
    booking.status === 'cancelled'
      ? 'This booking is already cancelled.'
      : pending
        ? null
        : (cancelRefusal(booking.terms, new Date(booking.start), new Date())?.message ?? null);
  return {
    booking: { resource: booking.resource, when: whenText(booking), note: booking.note },
    request: pending,
    refusal,
    // Past the cutoff, not begun: it can still be given back (as /bookings offers it).
    releasable: openActions(booking, booking.terms, new Date()).release,
  };
}

/**
 * Two forms post here, one at a time on the page: 'Cancel booking' (a post naming no form is one
 * too) and, past the cutoff, 'Release this booking'. Each answer names its form (app/lib/answer.ts).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, booking } = await requireOwnBooking(request, params.id);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  switch (formData.get('intent') ?? 'cancel') {
    case 'cancel':
      return end('cancel', booking.id, user.id);
    case 'release':
      return end('release', booking.id, user.id);
    default:
      return unknownForm();
  }
}

/** 'Cancel booking' before the cutoff, or 'Release this booking' past it (a late cancel). */
async function end(intent: 'cancel' | 'release', bookingId: string, userId: string) {
  const outcome =
    intent === 'release'
      ? await bookings.releaseLate(bookingId, userId)
      : await bookings.cancel(bookingId, userId);
  if (outcome.status === 'not-found')
    // Already cancelled (in another tab, say): nothing more to do.
    return answer(intent, formError('This booking is already cancelled.'), { status: 409 });
  if (outcome.status === 'refused')
    return answer(intent, formError(outcome.refusal.message), { status: refusalStatus(outcome.refusal) });
  // A request keeps the deadline it had: it was withdrawn, not cancelled.
  const notice = intent === 'release' ? 'released' : outcome.booking.holdUntil ? 'withdrawn' : 'cancelled';
  return redirect(`/bookings?notice=${notice}`);
}

export default function CancelBooking() {
  const { booking, refusal, releasable, request } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // The page shows one of the two forms; each takes only its own answer. A refusal of the other
  // (the cutoff passed while it was open) is the page's own refusal above, from the loader.
  const [cancelForm] = useForm({ id: 'cancel', lastResult: answerFor(answered, 'cancel')?.result });
  const [releaseForm] = useForm({ id: 'release', lastResult: answerFor(answered, 'release')?.result });
  const busy = useIsPending();
  return (
    <main id="main" className="page narrow-page">
      <div className="card narrow-card">
        <h1>{request ? 'Withdraw request' : 'Cancel booking'}</h1>
        <FormBanner errors={answerFor(answered, null)?.result.error?.['']} />
        <dl className="facts booking-facts">
          <dt>Machine</dt>
          <dd>
            <Link to={`/resources/${booking.resource.slug}`}>{booking.resource.name}</Link>
          </dd>
          <dt>When</dt>
          <dd>{booking.when}</dd>
          {booking.note ? (
            <>
              <dt>Note</dt>
              <dd>{booking.note}</dd>
            </>
          ) : null}
        </dl>
        {refusal ? (
          <>
            <FormBanner errors={[refusal]} />
            {releasable ? (
              <Form method="post" {...getFormProps(releaseForm)}>
                <FormBanner id={releaseForm.errorId} errors={releaseForm.errors} />
                <input type="hidden" name="intent" value="release" />
                <p id="release-hint">
                  Can’t come? Release it anyway so someone else can use the time. It counts as a late cancel
                  (a strike), unless someone books the slot before it starts.
                </p>
                <button
                  type="submit"
                  className="button button-danger"
                  disabled={busy}
                  aria-describedby="release-hint"
                >
                  Release this booking
                </button>
              </Form>
            ) : null}
            <p>
              <Link to="/bookings">Back to my bookings</Link>
            </p>
          </>
        ) : (
          <Form method="post" {...getFormProps(cancelForm)}>
            <FormBanner id={cancelForm.errorId} errors={cancelForm.errors} />
            <input type="hidden" name="intent" value="cancel" />
            <p>
              {request
                ? 'Are you sure you want to withdraw this request? The slot is freed for others.'
                : 'Are you sure you want to cancel this booking?'}
            </p>
            <div className="button-row">
              <Link to="/bookings" className="button button-secondary">
                {request ? 'Keep request' : 'Keep booking'}
              </Link>
              <button type="submit" className="button button-danger" disabled={busy}>
                {busy ? 'Cancelling...' : request ? 'Withdraw request' : 'Cancel booking'}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
