// /resources/{slug}/here — at the machine (docs/product.md §10 'Check-in'): the QR code stuck on it
// leads here. The member's current or next booking of it with 'Check in' (from 15 minutes before
// the start until the start plus the grace) or 'Check out' (ends it now, the rest of the slot free
// for others); not signed in, sign-in comes first and leads back. An inductor or admin may check a
// member in for them, with a reason (a kiosk). Plain POST forms; the server decides.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  answer,
  arrivedAt,
  bookings,
  CheckInForSchema,
  CheckInSchema,
  FORM_LIMITS,
  formError,
  notFound,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  unknownForm,
} from '~/.server';
import { allErrors } from '~/components/form-errors';
import { FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { answerFor } from '~/lib/answer';
import { checkInRefusal, checkInRuleText } from '~/lib/bookings/check-in';
import { whenText } from '~/lib/bookings/format';
import { labClockZoned } from '~/lib/bookings/time';
import type { Booking } from '~/lib/bookings/models';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: `Check in: ${args.data?.resource.name ?? 'a machine'}`,
    description: 'Check in to your booking at the machine.',
  });

/** The member's booking, or the staff's list of who is booked: kept by no cache (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

/** The machine of the URL for the member signed in (sign-in first, then back here). */
async function atThe(request: Request, slug: string | undefined) {
  const user = await requireUser(request);
  const resource = await bookings.resources.bySlug(slug ?? '');
  if (!resource) notFound();
  const staff = await bookings.staffAt(user, resource);
  return { user, resource, staff };
}

const DONE = {
  'checked-in': 'Checked in. Enjoy the machine.',
  'checked-out': 'Checked out: the rest of your slot is free for others.',
  'checked-in-for': 'Checked in for them.',
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, resource, staff } = await atThe(request, params.slug);
  const grace = resource.rules.checkInGraceMinutes ?? null;
  const { mine, checkable, checkedIn } = await bookings.atMachine(resource, user.id, staff);
  const now = new Date();
  const facts = (booking: Booking) => ({ id: booking.id, when: whenText(booking), status: booking.status });
  return {
    resource: { slug: resource.slug, name: resource.name },
    rule: grace === null ? null : checkInRuleText(grace),
    // Its own terms: a booking made before the machine needed check-in needs none.
    mine: mine
      ? {
          ...facts(mine),
          checkIn: mine.terms.checkInGraceMinutes !== null,
          refusal:
            mine.terms.checkInGraceMinutes === null
              ? null
              : checkInRefusal(mine, mine.terms.checkInGraceMinutes, now),
        }
      : null,
    staff,
    checkable: checkable.map(({ booking, member }) => ({ ...facts(booking), member })),
    checkedIn: checkedIn.map(({ booking, member }) => ({
      ...facts(booking),
      member,
      since: booking.checkedInAt ? labClockZoned(new Date(booking.checkedInAt)) : null,
    })),
  };
}

/**
 * Three forms post here: the member's 'Check in' and 'Check out', and staff's 'Check in @member' per
 * booking; each answer names its form and booking (`item`), so only that form shows it.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const arrived = arrivedAt(context);
  const { user, resource, staff } = await atThe(request, params.slug);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const here = `/resources/${resource.slug}/here`;
  const item = String(formData.get('booking') ?? '');
  switch (formData.get('intent')) {
    case 'check-out': {
      const submission = parseWithZod(formData, { schema: CheckInSchema });
      if (submission.status !== 'success') return answer('check-out', submission.reply(), { item });
      const outcome = await bookings.checkOut(submission.value.booking, user.id);
      if (outcome.status !== 'checked-out')
        return answer('check-out', formError('You are not checked in to that booking.'), {
          item,
          status: 404,
        });
      return redirect(`${here}?done=checked-out`);
    }
    case 'check-in': {
      const submission = parseWithZod(formData, { schema: CheckInSchema });
      if (submission.status !== 'success') return answer('check-in', submission.reply(), { item });
      const outcome = await bookings.checkIn(submission.value.booking, user.id, arrived);
      if (outcome.status === 'not-found')
        return answer('check-in', formError('That booking is not yours to check in.'), { item, status: 404 });
      if (outcome.status === 'refused')
        return answer('check-in', formError(outcome.message), { item, status: 409 });
      return redirect(`${here}?done=checked-in`);
    }
    case 'check-in-for': {
      if (!staff)
        return answer('check-in-for', formError('Only inductors and admins check members in for them.'), {
          item,
          status: 403,
        });
      const submission = parseWithZod(formData, { schema: CheckInForSchema });
      if (submission.status !== 'success') return answer('check-in-for', submission.reply(), { item });
      const { booking, reason } = submission.value;
      const outcome = await bookings.checkInFor(booking, { actor: user, reason }, arrived);
      if (outcome.status === 'not-found')
        return answer('check-in-for', formError('That booking cannot be checked in here.'), {
          item,
          status: 404,
        });
      if (outcome.status === 'refused')
        return answer('check-in-for', formError(outcome.message), { item, status: 409 });
      return redirect(`${here}?done=checked-in-for`);
    }
    default:
      return unknownForm();
  }
}

const STATUS_TEXT: Record<string, string> = {
  active: 'Booked',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  no_show: 'Released: nobody checked in',
};

export default function AtTheMachine() {
  const { resource, rule, mine, staff, checkable, checkedIn } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = DONE[params.get('done') as keyof typeof DONE];
  const busy = useIsPending();
  // The member's own form now, if any: 'Check out' once checked in, else 'Check in' when open.
  const mineForm =
    mine?.status === 'checked_in'
      ? 'check-out'
      : mine?.status === 'active' && mine.checkIn && !mine.refusal
        ? 'check-in'
        : null;
  const shown = (intent: string | null, item: string | null) =>
    intent === 'check-in-for'
      ? staff && checkable.some((booking) => booking.id === item)
      : intent !== null && intent === mineForm && item === mine?.id;
  /** An answer for the form that posted, when it is still on the page. */
  const errorsFor = (intent: 'check-in' | 'check-out' | 'check-in-for', item: string) =>
    allErrors(answerFor(answered, intent, item)?.result);
  // Otherwise (checked in meanwhile, a forged post): said once, at the top.
  const stray = answered && !shown(answered.intent, answered.item) ? answered : undefined;
  return (
    <main id="main" className="page narrow-page at-machine">
      <h1>{resource.name}</h1>
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}
      <FormBanner errors={allErrors(stray?.result)} />
      {rule ? <p>{rule}</p> : <p>This machine needs no check-in: your booking is yours until it ends.</p>}
      {/* Staff at the machine first see who is here and who is due, then their own booking. */}
      {staff ? (
        <>
          <AtTheMachineNow members={checkedIn} />
          <CheckInFor
            bookings={checkable}
            busy={busy}
            errorsFor={(item) => errorsFor('check-in-for', item)}
          />
        </>
      ) : null}
      <section className="card" aria-labelledby="your-booking">
        <h2 id="your-booking">Your booking</h2>
        {mine ? (
          <>
            <p>
              {mine.when} · <strong>{STATUS_TEXT[mine.status] ?? mine.status}</strong>
            </p>
            {mine.status === 'checked_in' ? (
              <Form method="post">
                <FormBanner errors={errorsFor('check-out', mine.id)} />
                <input type="hidden" name="intent" value="check-out" />
                <input type="hidden" name="booking" value={mine.id} />
                <p className="field-hint" id="check-out-hint">
                  Done early? The rest of your slot becomes free for others at once.
                </p>
                <button type="submit" className="button" disabled={busy} aria-describedby="check-out-hint">
                  Check out
                </button>
              </Form>
            ) : mine.status === 'active' && mine.checkIn ? (
              mine.refusal ? (
                <p>{mine.refusal}</p>
              ) : (
                <Form method="post">
                  <FormBanner errors={errorsFor('check-in', mine.id)} />
                  <input type="hidden" name="intent" value="check-in" />
                  <input type="hidden" name="booking" value={mine.id} />
                  <button type="submit" className="button" disabled={busy}>
                    Check in
                  </button>
                </Form>
              )
            ) : null}
          </>
        ) : (
          <p>
            You have no booking of {resource.name} coming up.{' '}
            <Link to={`/resources/${resource.slug}`}>Book it</Link>.
          </p>
        )}
      </section>
    </main>
  );
}

/** Who is checked in at the machine now, for staff there. */
function AtTheMachineNow({
  members,
}: {
  members: {
    id: string;
    when: string;
    since: string | null;
    member: { username: string; fullname: string };
  }[];
}) {
  return (
    <section className="card" aria-labelledby="here-now">
      <h2 id="here-now">At the machine now</h2>
      {members.length ? (
        <ul className="plain-list">
          {members.map((booking) => (
            <li key={booking.id}>
              <strong>{booking.member.fullname}</strong> (@{booking.member.username}), {booking.when}
              {booking.since ? `, checked in at ${booking.since}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nobody is checked in.</p>
      )}
    </section>
  );
}

/** An inductor's or admin's list of members' bookings that can be checked in to now. */
function CheckInFor({
  bookings: list,
  busy,
  errorsFor,
}: {
  bookings: { id: string; when: string; member: { username: string; fullname: string } }[];
  busy: boolean;
  errorsFor: (booking: string) => string[] | null;
}) {
  return (
    <section className="card" aria-labelledby="check-in-for">
      <h2 id="check-in-for">Check a member in</h2>
      <p className="muted">
        For a member at the machine without their phone: say why; it is in the audit log.
      </p>
      {list.length ? null : <p>Nobody else can check in now: no booking starts within 15 minutes.</p>}
      <ul className="plain-list">
        {list.map((booking) => (
          <li key={booking.id}>
            <Form method="post" className="check-in-for">
              <FormBanner errors={errorsFor(booking.id)} />
              <input type="hidden" name="intent" value="check-in-for" />
              <input type="hidden" name="booking" value={booking.id} />
              <p>
                <strong>{booking.member.fullname}</strong> (@{booking.member.username}), {booking.when}
              </p>
              <div className="field">
                <label htmlFor={`reason-${booking.id}`}>Reason</label>
                <input id={`reason-${booking.id}`} name="reason" required maxLength={300} />
              </div>
              <button type="submit" className="button button-secondary" disabled={busy}>
                Check in @{booking.member.username}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
