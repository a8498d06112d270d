// /bookings/{id}/change — 'Change booking' (docs/product.md §10): another start or length for one of
// the member's own bookings on the same resource, until the cancellation cutoff. The server checks
// every rule and the calendar in one transaction; a refused change leaves the booking as it was and
// keeps what was typed. Anyone else's booking is a 404.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  bookings,
  ChangeBookingSchema,
  data,
  FORM_LIMITS,
  formReply,
  labInstant,
  notFound,
  parseWithZod,
  readForm,
  redirect,
  requireOwnBooking,
  SECRET_PAGE_CACHE,
  tooLarge,
  withNearestFree,
} from '~/.server';
import { ErrorList, Field, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { whenText } from '~/lib/bookings/format';
import { cancelRefusal, refusalStatus, shortest } from '~/lib/bookings/rules';
import { duration, labClock, labDayOf } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Change booking', description: 'Move one of your bookings.' });

/** The member's booking: kept by no cache, not even the browser's disk (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

/** The member's own active booking and its resource; 404 for anything else. */
async function target(request: Request, id: string | undefined) {
  const { user, booking } = await requireOwnBooking(request, id);
  if (booking.status !== 'active') notFound();
  const resource = await bookings.resources.bySlug(booking.resource.slug);
  if (!resource) notFound();
  return { user, booking, resource };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { booking, resource } = await target(request, params.id);
  const { rules } = resource;
  const start = new Date(booking.start);
  const lengths = [];
  for (let minutes = shortest(rules); minutes <= rules.maxMinutes; minutes += rules.slotMinutes)
    lengths.push({ minutes, label: duration(minutes) });
  return {
    booking: { id: booking.id, when: whenText(booking), resource: booking.resource },
    current: {
      day: labDayOf(start),
      time: labClock(start),
      minutes: (Date.parse(booking.end) - start.getTime()) / 60_000,
    },
    lengths,
    refusal: cancelRefusal(rules, start, new Date(), 'changed')?.message ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, booking } = await target(request, params.id);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: ChangeBookingSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const { day, time, minutes } = submission.value;
  const outcome = await bookings.change({
    bookingId: booking.id,
    userId: user.id,
    start: labInstant(day, time),
    minutes,
  });
  if (outcome.status === 'changed') return redirect('/bookings?notice=changed');
  if (outcome.status === 'not-found') notFound();
  // Refused by a rule, or the time is not free: the booking stands as it was; what was typed stays.
  const { field } = outcome.refusal;
  const message =
    outcome.status === 'taken'
      ? withNearestFree(outcome.refusal.message, outcome.nearest)
      : outcome.refusal.message;
  return data(
    {
      result: submission.reply(
        field
          ? { fieldErrors: { [field === 'minutes' ? 'minutes' : 'time']: [message] } }
          : { formErrors: [message] },
      ),
    },
    outcome.status === 'taken' ? 409 : refusalStatus(outcome.refusal),
  );
}

export default function ChangeBooking() {
  const { booking, current, lengths, refusal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof ChangeBookingSchema>>({
    lastResult: answer?.result,
    defaultValue: current,
    shouldValidate: 'onSubmit',
  });
  return (
    <main id="main" className="page narrow-page">
      <div className="card narrow-card">
        <h1>Change booking</h1>
        <dl className="facts booking-facts">
          <dt>Machine</dt>
          <dd>
            <Link to={`/resources/${booking.resource.slug}`}>{booking.resource.name}</Link>
          </dd>
          <dt>Now</dt>
          <dd>
            {booking.when} <span className="muted">(Dublin time)</span>
          </dd>
        </dl>
        {refusal ? (
          <>
            <FormBanner errors={[refusal]} />
            <p>
              <Link to="/bookings">Back to my bookings</Link>
            </p>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate>
            <FormBanner id={form.errorId} errors={form.errors} />
            <p className="field-hint">
              Dublin time. The new time is checked by the machine’s rules and calendar; if it is not free,
              your booking stays as it is.
            </p>
            <div className="field-pair">
              <Field
                label="Date"
                field={fields.day}
                inputProps={getInputProps(fields.day, { type: 'date' })}
                required
              />
              <Field
                label="Start time"
                field={fields.time}
                inputProps={getInputProps(fields.time, { type: 'time' })}
                required
              />
            </div>
            <div className="field">
              <label htmlFor={fields.minutes.id}>Length</label>
              <select
                {...getSelectProps(fields.minutes)}
                aria-describedby={fields.minutes.errors ? fields.minutes.errorId : undefined}
              >
                {lengths.map((length) => (
                  <option key={length.minutes} value={length.minutes}>
                    {length.label}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
            </div>
            <div className="button-row">
              <Link to="/bookings" className="button button-secondary">
                Back
              </Link>
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Changing...' : 'Change booking'}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
