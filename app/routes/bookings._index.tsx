// /bookings — 'My bookings' (docs/product.md §10): the member's upcoming and past bookings, each
// upcoming one with 'Add to calendar' and links to what can be done with it now (openActions):
// 'Change booking' and 'Cancel booking' until the cutoff, 'Release this booking' past it until the
// start, 'Check in' inside the check-in window, 'Check out' once checked in; each opens a page that
// acts only by POST. A pause (three strikes) at the top, with the day it lifts; their strikes,
// inductions and open requests; 'Your use this month': each resource booked this lab month against
// its limits, and the credits left; 'Booking reminders' on or off; their private calendar feed and
// 'Reset link'.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import {
  answer,
  BookingRemindersSchema,
  bookings,
  config,
  FeedResetSchema,
  FORM_LIMITS,
  formError,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
  WaiveAskSchema,
} from '~/.server';
import { FormBanner } from '~/components/forms';
import { lazyForm } from '~/components/lazy-form';
import { BookingFacts } from '~/components/booking-facts';
import { openActions } from '~/lib/bookings/actions';
import { requestText } from '~/lib/bookings/approvals';
import { offerText, placeText } from '~/lib/bookings/waitlist';
import { checkInWindowText } from '~/lib/bookings/check-in';
import { eventText, inductionStatusText, statusText, whenText } from '~/lib/bookings/format';
import type { Booking } from '~/lib/bookings/models';
import { dateName, duration, labDayOf } from '~/lib/bookings/time';
import { useAnswerFor } from '~/lib/answer';
import { pageMeta } from '~/lib/meta';
import { bookingNoticeText } from '~/lib/notices';

/** The page shows the private feed's address. */
export const headers = () => SECRET_PAGE_CACHE;

// The settings and the strikes' forms load after the page: most visits come to see a booking.
const Strikes = lazyForm(() => import('~/components/booking-strikes').then((module) => module.Strikes));
const Reminders = lazyForm(() => import('~/components/booking-settings').then((module) => module.Reminders));
const CalendarFeed = lazyForm(() =>
  import('~/components/booking-settings').then((module) => module.CalendarFeed),
);

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'My bookings', description: 'Your bookings of the lab’s machines.' });

/** How many past bookings the page lists, newest first. */
const PAST_SHOWN = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const [mine, inductions, requests, token, reminders, strikes, waits, used, credits] = await Promise.all([
    bookings.mine(user.id, { now, pastShown: PAST_SHOWN }),
    bookings.memberInductions(user.id),
    bookings.openRequests(user.id),
    bookings.feeds.token(user.id),
    bookings.reminders.on(user.id),
    bookings.strikes.mine(user.id),
    bookings.waitlist.mine(user.id, now),
    bookings.monthUse(user.id, now),
    bookings.credits.mine(user.id, now),
  ]);
  const url = new URL(request.url);
  const history = await bookings.history([...mine.upcoming, ...mine.past].map((booking) => booking.id));
  const row = (booking: Booking) => ({
    id: booking.id,
    resource: booking.resource,
    when: whenText(booking),
    note: booking.note,
    bookedBy: booking.bookedBy,
    status: booking.status,
    statusText: requestText(booking) ?? offerText(booking) ?? statusText(booking.status),
    history: (history.get(booking.id) ?? []).map(eventText),
  });
  return {
    notice: bookingNoticeText(url.searchParams.get('notice')),
    upcoming: mine.upcoming.map((booking) => {
      // By the terms it was made under, not its resource's of today.
      const open = openActions(booking, booking.terms, now);
      return {
        ...row(booking),
        open: open && {
          change: open.change,
          cancel: open.cancel,
          release: open.release,
          withdraw: open.withdraw,
          checkIn: open.checkIn,
          checkOut: open.checkOut,
          // Why 'Release this booking' and not 'Cancel booking'.
          cutoff: open.release ? open.cutoff : null,
          checkInWindow: open.checkInWindow && `${checkInWindowText(open.checkInWindow)}.`,
        },
      };
    }),
    past: mine.past.map(row),
    // The waiting list: each wait's window, shortest length and place in line.
    waits: waits.map((wait) => ({
      id: wait.id,
      resource: wait.resource,
      window: whenText({ start: wait.from, end: wait.to }),
      shortest: duration(wait.minMinutes),
      place: placeText(wait.place),
    })),
    pastMore: mine.pastMore,
    // This lab month's use of each resource, and where the member stands against its limits now.
    use: {
      resources: used.map((use) => ({
        id: use.resource.id,
        slug: use.resource.slug,
        name: use.resource.name,
        booked: `${duration(use.bookedMinutes)} booked`,
        upcoming:
          use.maxUpcoming === null
            ? `${use.upcoming} upcoming booking${use.upcoming === 1 ? '' : 's'}`
            : `${use.upcoming} of ${use.maxUpcoming} upcoming booking${use.maxUpcoming === 1 ? '' : 's'}`,
        week:
          use.maxWeekMinutes === null
            ? null
            : `${duration(use.weekMinutes)} of ${duration(use.maxWeekMinutes)} this week`,
      })),
      credits: credits.map(({ credit, availableText, held }) => {
        const holding = held.reduce((sum, hold) => sum + hold.amount, 0);
        return {
          id: credit.id,
          left: `${availableText} left`,
          held: holding ? `${holding} held by upcoming bookings` : null,
        };
      }),
    },
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
      paused: strikes.paused,
      rule: strikes.rule,
      list: strikes.strikes.map((strike) => ({
        id: strike.id,
        kind: strike.kind,
        about: strike.about,
        counts: dateName(labDayOf(new Date(strike.expiresAt))),
        waived: strike.waivedAt ? strike.waiveReason || 'by the lab' : null,
        asked: strike.waiveAskedAt ? dateName(labDayOf(new Date(strike.waiveAskedAt))) : null,
        declined: strike.declinedAt ? strike.declineReason : null,
      })),
    },
  };
}

/**
 * Three forms post here ('Reset link', 'Booking reminders', and 'Ask to waive' once per strike);
 * each answer names its form (and strike), so only that form shows it (app/lib/answer.ts).
 */
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
    case 'leave-wait':
      // Left already (another tab): the list without it is the answer either way.
      await bookings.waitlist.leave(String(formData.get('wait') ?? ''), user.id);
      return redirect('/bookings?notice=left#waitlist-heading');
    default:
      return unknownForm();
  }
}

async function resetFeed(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: FeedResetSchema });
  if (submission.status !== 'success') return answer('reset-feed', submission.reply());
  await bookings.feeds.reset(userId);
  return redirect('/bookings#calendar-feed');
}

async function askToWaive(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: WaiveAskSchema });
  // The strike as posted, so the error shows in that strike's form even when its id is not valid.
  const item = String(formData.get('strike') ?? '');
  if (submission.status !== 'success') return answer('ask-waive', submission.reply(), { item });
  const { strike, reason } = submission.value;
  if (!(await bookings.strikes.askToWaive({ strikeId: strike, userId, reason })))
    return answer('ask-waive', formError('That strike is not yours to ask about, or you asked already.'), {
      item,
      status: 404,
    });
  return redirect('/bookings?notice=waive-asked#strikes-heading');
}

async function setReminders(formData: FormData, userId: string) {
  const submission = parseWithZod(formData, { schema: BookingRemindersSchema });
  if (submission.status !== 'success') return answer('reminders', submission.reply());
  await bookings.reminders.set(userId, submission.value.reminders === 'on');
  return redirect(`/bookings?reminders=${submission.value.reminders}#reminders-heading`);
}

export default function MyBookings() {
  // An inductor's or admin's way to /inductions: the root loader knows who signs off.
  const root = useRouteLoaderData<{ user: { inductor: boolean; credits: boolean } | null }>('root')?.user;
  const signsOff = root?.inductor;
  const { notice, upcoming, past, pastMore, inductions, requests, feedUrl, reminders, strikes, waits, use } =
    useLoaderData<typeof loader>();
  const unknown = useAnswerFor(null);
  return (
    <main id="main" className="page narrow-page my-bookings">
      <div className="page-header">
        <h1>My bookings</h1>
        <p>
          <Link to="/resources">Book a machine</Link>
          {/* docs/product.md §10 'Credits': what the lab hands out, and what these bookings hold. */}
          {root?.credits ? (
            <>
              {' '}
              <Link to="/credits">My credits</Link>
            </>
          ) : null}
        </p>
      </div>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <FormBanner errors={unknown?.result.error?.['']} />
      {strikes.paused ? (
        <p className="notice" role="note">
          <strong>Your new bookings are paused.</strong> {strikes.paused}{' '}
          <a href="#strikes-heading">Your strikes</a>
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
                  {/* The spaces are for a browser without CSS (w3m); in the flex row they take no room. */}
                  <a href={`/bookings/${booking.id}.ics`} download>
                    Add to calendar
                  </a>{' '}
                  {booking.status === 'offered' ? (
                    <Link to={`/offers/${booking.id}`} className="button button-small">
                      Take it or pass
                    </Link>
                  ) : null}{' '}
                  <BookingLinks booking={booking} />
                </p>
                {booking.open?.cutoff ? <p className="muted">{booking.open.cutoff}</p> : null}
                {booking.open?.checkInWindow ? <p className="muted">{booking.open.checkInWindow}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No upcoming bookings. <Link to="/resources">Find a free slot</Link>.
          </p>
        )}
      </section>

      {waits.length ? (
        <section aria-labelledby="waitlist-heading">
          <h2 id="waitlist-heading">Waiting list</h2>
          <ul className="booking-list">
            {waits.map((wait) => (
              <li key={wait.id} className="card booking-item">
                <p>
                  <Link to={`/resources/${wait.resource.slug}`}>{wait.resource.name}</Link>: {wait.window}, at
                  least {wait.shortest}. <strong>{wait.place}</strong>
                </p>
                <Form method="post" replace>
                  <input type="hidden" name="intent" value="leave-wait" />
                  <input type="hidden" name="wait" value={wait.id} />
                  <button
                    type="submit"
                    className="button button-small button-secondary"
                    aria-label={`Leave the waiting list: ${wait.resource.name}, ${wait.window}`}
                  >
                    Leave
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="use-heading">
        <h2 id="use-heading">Your use this month</h2>
        {use.resources.length ? (
          <ul className="plain-list month-use">
            {use.resources.map((resource) => (
              <li key={resource.id}>
                <Link to={`/resources/${resource.slug}`}>{resource.name}</Link>: {resource.booked},{' '}
                {resource.upcoming}
                {resource.week ? `, ${resource.week}` : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing booked this month.</p>
        )}
        {use.credits.length ? (
          <ul className="plain-list month-credits">
            {use.credits.map((credit) => (
              <li key={credit.id}>
                <Link to="/credits">{credit.left}</Link>
                {credit.held ? `, ${credit.held}` : null}
              </li>
            ))}
          </ul>
        ) : null}
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

      {strikes.list.length ? <Strikes strikes={strikes.list} rule={strikes.rule} /> : null}
      <Reminders on={reminders.on} changed={reminders.changed} />
      <CalendarFeed url={feedUrl} />
    </main>
  );
}

/**
 * The links to what can be done with an upcoming booking now, each named for the booking it acts on
 * ('Release this booking: Laser cutter, Tuesday 1 December 2026, 10:00–11:00'), as a list of them
 * on one page needs; the pages they open ask again and act only by POST.
 */
function BookingLinks({
  booking,
}: {
  booking: {
    id: string;
    resource: { slug: string; name: string };
    when: string;
    open: {
      change: boolean;
      cancel: boolean;
      release: boolean;
      withdraw: boolean;
      checkIn: boolean;
      checkOut: boolean;
    } | null;
  };
}) {
  const { open } = booking;
  if (!open) return null;
  const which = `${booking.resource.name}, ${booking.when}`;
  const here = `/resources/${booking.resource.slug}/here`;
  const button = 'button button-small button-secondary';
  const links = [
    open.checkIn ? (
      <Link key="check-in" to={here} className="button button-small" aria-label={`Check in: ${which}`}>
        Check in
      </Link>
    ) : null,
    open.checkOut ? (
      <Link key="check-out" to={here} aria-label={`Check out at the machine: ${which}`}>
        Check out at the machine
      </Link>
    ) : null,
    open.change ? (
      <Link
        key="change"
        to={`/bookings/${booking.id}/change`}
        className={button}
        aria-label={`Change booking of ${which}`}
      >
        Change booking
      </Link>
    ) : null,
    open.cancel ? (
      <Link
        key="cancel"
        to={`/bookings/${booking.id}/cancel`}
        className={button}
        aria-label={`Cancel booking of ${which}`}
      >
        Cancel booking
      </Link>
    ) : null,
    open.withdraw ? (
      <Link
        key="withdraw"
        to={`/bookings/${booking.id}/cancel`}
        className={button}
        aria-label={`Withdraw request for ${which}`}
      >
        Withdraw request
      </Link>
    ) : null,
    open.release ? (
      <Link
        key="release"
        to={`/bookings/${booking.id}/cancel`}
        className={button}
        aria-label={`Release this booking: ${which}`}
      >
        Release this booking
      </Link>
    ) : null,
  ].filter(Boolean);
  if (!links.length) return null;
  // Side by side; the spaces keep them apart in a browser without CSS.
  return <span className="button-row">{links.flatMap((link, index) => (index ? [' ', link] : [link]))}</span>;
}
