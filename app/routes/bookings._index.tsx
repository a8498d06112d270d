// /bookings — 'My bookings' (docs/product.md §10): the member's upcoming and past bookings, each
// with 'Add to calendar' and, until the resource's cutoff, 'Cancel booking' (a confirmation page);
// their inductions and open requests; their private calendar feed and 'Reset link'.
import { getFormProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  bookings,
  config,
  FeedResetSchema,
  FORM_LIMITS,
  formReply,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
} from '~/.server';
import { CopyButton } from '~/components/copy-button';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { inductionStatusText, whenText } from '~/lib/booking/format';
import type { Booking } from '~/lib/booking/models';
import { cancelRefusal } from '~/lib/booking/rules';
import { dateName, labDayOf } from '~/lib/booking/time';
import { pageMeta } from '~/lib/meta';
import { bookingNoticeText } from '~/lib/notices';

/** The page shows the private feed's address. */
export const headers = () => SECRET_PAGE_CACHE;

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'My bookings', description: 'Your bookings of the lab’s machines.' });

/** How many past bookings the page lists, newest first. */
const PAST_SHOWN = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const [mine, resources, inductions, requests, token] = await Promise.all([
    bookings.mine(user.id, { now, pastShown: PAST_SHOWN }),
    bookings.resources.list(),
    bookings.memberInductions(user.id),
    bookings.openRequests(user.id),
    bookings.feeds.token(user.id),
  ]);
  const rules = new Map(resources.map((resource) => [resource.id, resource.rules]));
  const row = (booking: Booking) => ({
    id: booking.id,
    resource: booking.resource,
    when: whenText(booking),
    note: booking.note,
    bookedBy: booking.bookedBy,
  });
  return {
    notice: bookingNoticeText(new URL(request.url).searchParams.get('notice')),
    upcoming: mine.upcoming.map((booking) => {
      const resourceRules = rules.get(booking.resource.id);
      const refusal = resourceRules ? cancelRefusal(resourceRules, new Date(booking.start), now) : null;
      return { ...row(booking), cannotCancel: refusal?.message ?? null };
    }),
    past: mine.past.map(row),
    pastMore: mine.pastMore,
    inductions: inductions.map((held) => ({
      name: held.induction.name,
      status: inductionStatusText(held, now),
    })),
    requests: requests.map((open) => ({
      id: open.id,
      induction: open.induction.name,
      since: dateName(labDayOf(new Date(open.createdAt))),
    })),
    feedUrl: new URL(`/calendar/${token}.ics`, config.PUBLIC_URL).toString(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: FeedResetSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  await bookings.feeds.reset(user.id);
  return redirect('/bookings#calendar-feed');
}

export default function MyBookings() {
  // An inductor's or admin's way to /inductions: the root loader knows who signs off.
  const signsOff = useRouteLoaderData<{ user: { inductor: boolean } | null }>('root')?.user?.inductor;
  const { notice, upcoming, past, pastMore, inductions, requests, feedUrl } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page narrow-page my-bookings">
      <div className="page-header">
        <h1>My bookings</h1>
        <p>
          <Link to="/resources">Book a machine</Link>
        </p>
      </div>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming</h2>
        {upcoming.length ? (
          <ul className="booking-list">
            {upcoming.map((booking) => (
              <li key={booking.id} className="card booking-item">
                <BookingFacts booking={booking} />
                <p className="booking-actions">
                  <a href={`/bookings/${booking.id}.ics`} download>
                    Add to calendar
                  </a>
                  {booking.cannotCancel ? (
                    <span className="muted">{booking.cannotCancel}</span>
                  ) : (
                    <>
                      <Link
                        to={`/bookings/${booking.id}/change`}
                        className="button button-small button-secondary"
                        aria-label={`Change booking of ${booking.resource.name}, ${booking.when}`}
                      >
                        Change booking
                      </Link>
                      <Link
                        to={`/bookings/${booking.id}/cancel`}
                        className="button button-small button-secondary"
                        aria-label={`Cancel booking of ${booking.resource.name}, ${booking.when}`}
                      >
                        Cancel booking
                      </Link>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No upcoming bookings. <Link to="/resources">Find a free slot</Link>.
          </p>
        )}
      </section>

      <section aria-labelledby="past-heading">
        <h2 id="past-heading">Past</h2>
        {past.length ? (
          <ul className="booking-list">
            {past.map((booking) => (
              <li key={booking.id} className="card booking-item">
                <BookingFacts booking={booking} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No past bookings yet.</p>
        )}
        {pastMore ? (
          <p className="muted">
            And {pastMore} earlier booking{pastMore === 1 ? '' : 's'}; your calendar feed has the past year.
          </p>
        ) : null}
        {signsOff ? (
          <p>
            <Link to="/inductions">Sign members off</Link>: the requests for the inductions you give.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="inductions-heading">
        <h2 id="inductions-heading">Inductions</h2>
        {inductions.length ? (
          <ul className="plain-list">
            {inductions.map((held) => (
              <li key={held.name}>
                <strong>{held.name}</strong>: {held.status}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No inductions yet. A machine that needs one says so on its page, where you can request it.
          </p>
        )}
        {requests.length ? (
          <>
            <h3>Requested</h3>
            <ul className="plain-list">
              {requests.map((open) => (
                <li key={open.id}>
                  {open.induction}, requested on {open.since}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <CalendarFeed url={feedUrl} />
    </main>
  );
}

function BookingFacts({
  booking,
}: {
  booking: { resource: { slug: string; name: string }; when: string; note: string; bookedBy: string | null };
}) {
  return (
    <>
      <h3>
        <Link to={`/resources/${booking.resource.slug}`}>{booking.resource.name}</Link>
      </h3>
      <p>{booking.when}</p>
      {booking.note ? <p className="booking-note">{booking.note}</p> : null}
      {booking.bookedBy ? <p className="muted">Booked for you by {booking.bookedBy}.</p> : null}
    </>
  );
}

function CalendarFeed({ url }: { url: string }) {
  const lastResult = useActionData<typeof action>()?.result;
  const [form] = useForm({ lastResult });
  const busy = useIsPending();
  return (
    <section aria-labelledby="calendar-feed" className="card">
      <h2 id="calendar-feed">Calendar feed</h2>
      <p>
        Subscribe to this address in your calendar app to see your bookings there. It is private: anyone with
        it can see your bookings.
      </p>
      <p>
        <a href={url.replace(/^https?:/, 'webcal:')} className="button button-small">
          Subscribe in your calendar app
        </a>
      </p>
      <div className="field">
        <label htmlFor="feed-url">Your calendar address</label>
        <textarea id="feed-url" className="feed-url" readOnly rows={3} value={url} />
        <CopyButton text={url} label="Copy address" />
      </div>
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="reset-feed" />
        <p className="field-hint" id="reset-hint">
          Shared it by mistake? A new link stops the old one at once.
        </p>
        <button
          type="submit"
          className="button button-secondary"
          disabled={busy}
          aria-describedby="reset-hint"
        >
          {busy ? 'Resetting...' : 'Reset link'}
        </button>
      </Form>
    </section>
  );
}
