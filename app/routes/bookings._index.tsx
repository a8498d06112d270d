// /bookings — 'My bookings' (docs/product.md §10): the member's upcoming and past bookings, each
// with 'Add to calendar' and, until the resource's cutoff, 'Cancel booking' (a confirmation page);
// their inductions and open requests; 'Booking reminders' on or off; their private calendar feed
// and 'Reset link'.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  BookingRemindersSchema,
  bookings,
  config,
  FeedResetSchema,
  FORM_LIMITS,
  formError,
  formReply,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  UNKNOWN_FORM,
  WaiveAskSchema,
} from '~/.server';
import { CalendarFeed, Reminders } from '~/components/booking-settings';
import { Strikes } from '~/components/booking-strikes';
import { BookingFacts } from '~/components/booking-facts';
import { eventText, inductionStatusText, statusText, whenText } from '~/lib/booking/format';
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
  const [mine, resources, inductions, requests, token, reminders, strikes] = await Promise.all([
    bookings.mine(user.id, { now, pastShown: PAST_SHOWN }),
    bookings.resources.list(),
    bookings.memberInductions(user.id),
    bookings.openRequests(user.id),
    bookings.feeds.token(user.id),
    bookings.reminders.on(user.id),
    bookings.strikes.mine(user.id),
  ]);
  const url = new URL(request.url);
  const rules = new Map(resources.map((resource) => [resource.id, resource.rules]));
  const history = await bookings.history([...mine.upcoming, ...mine.past].map((booking) => booking.id));
  const row = (booking: Booking) => ({
    id: booking.id,
    resource: booking.resource,
    when: whenText(booking),
    note: booking.note,
    bookedBy: booking.bookedBy,
    status: booking.status,
    statusText: statusText(booking.status),
    checkIn: rules.get(booking.resource.id)?.checkInGraceMinutes != null,
    history: (history.get(booking.id) ?? []).map(eventText),
  });
  return {
    notice: bookingNoticeText(url.searchParams.get('notice')),
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
    reminders: { on: reminders, changed: url.searchParams.has('reminders') },
    strikes: {
      suspended: strikes.suspended,
      rule: strikes.rule,
      list: strikes.strikes.map((strike) => ({
        id: strike.id,
        kind: strike.kind,
        about: strike.about,
        counts: dateName(labDayOf(new Date(strike.expiresAt))),
        waived: strike.waivedAt ? strike.waiveReason || 'by the lab' : null,
        asked: strike.waiveAskedAt ? dateName(labDayOf(new Date(strike.waiveAskedAt))) : null,
      })),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  switch (formData.get('intent')) {
    case 'reset-feed':
      return resetFeed(formData, user.id);
    case 'reminders':
      return setReminders(formData, user.id);
    case 'ask-waive':
      return askToWaive(formData, user.id);
    default:
      return formReply(formError(UNKNOWN_FORM));
  }
}

async function resetFeed(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: FeedResetSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  await bookings.feeds.reset(userId);
  return redirect('/bookings#calendar-feed');
}

async function askToWaive(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: WaiveAskSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const { strike, reason } = submission.value;
  if (!(await bookings.strikes.askToWaive({ strikeId: strike, userId, reason })))
    return formReply(formError('That strike is not yours to ask about, or you asked already.'), 404);
  return redirect('/bookings?notice=waive-asked#strikes-heading');
}

async function setReminders(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: BookingRemindersSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  await bookings.reminders.set(userId, submission.value.reminders === 'on');
  return redirect(`/bookings?reminders=${submission.value.reminders}#reminders-heading`);
}

export default function MyBookings() {
  // An inductor's or admin's way to /inductions: the root loader knows who signs off.
  const signsOff = useRouteLoaderData<{ user: { inductor: boolean } | null }>('root')?.user?.inductor;
  const { notice, upcoming, past, pastMore, inductions, requests, feedUrl, reminders, strikes } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
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
                  {booking.checkIn ? (
                    <Link to={`/resources/${booking.resource.slug}/here`}>
                      {booking.status === 'checked_in'
                        ? 'Check out at the machine'
                        : 'Check in at the machine'}
                    </Link>
                  ) : null}
                  {booking.status === 'checked_in' ? null : booking.cannotCancel ? (
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

      {strikes.list.length || strikes.suspended ? (
        <Strikes strikes={strikes.list} suspended={strikes.suspended} rule={strikes.rule} />
      ) : null}
      <Reminders on={reminders.on} changed={reminders.changed} />
      <CalendarFeed url={feedUrl} lastResult={lastResult} />
    </main>
  );
}
