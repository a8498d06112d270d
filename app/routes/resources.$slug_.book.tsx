// /resources/{slug}/book?start=… — 'Confirm booking' (docs/product.md §10): a free slot's link lands
// here, so a mis-click books nothing. It offers only the lengths every rule and the calendar allow;
// the action checks everything again in the booking's own transaction, which decides.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import {
  bookings,
  BookSchema,
  data,
  FORM_LIMITS,
  formReply,
  notFound,
  parseInstant,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
} from '~/.server';
import { ErrorList, Field, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { MAX_ANSWER, MAX_BOOKING_NOTE } from '~/lib/limits';
import { refusalStatus } from '~/lib/bookings/rules';
import { duration, labClock, labDayOf, longDayName, shortDayName } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';
import { holdText } from '~/lib/bookings/credits';
import { heldUntilText, requestDeadline } from '~/lib/bookings/approvals';
import { useState } from 'react';
import type { z } from 'zod';

/** A free start near a taken one: its 'Confirm booking' page. */
interface NearbyStart {
  href: string;
  text: string;
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Confirm booking',
    description: `Book ${args.data?.resource.name ?? 'a machine'} at the lab.`,
  });

/** The member's booking in the making: kept by no cache, not even the browser's disk (docs/architecture.md §7). */
export const headers = () => SECRET_PAGE_CACHE;

/** The resource of the URL, for the member signed in; 404 for one that does not exist. */
async function target(request: Request, slug: string | undefined) {
  const user = await requireUser(request);
  const resource = await bookings.resources.bySlug(slug ?? '');
  if (!resource) notFound();
  return { user, resource };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, resource } = await target(request, params.slug);
  const url = new URL(request.url);
  const start = parseInstant(url.searchParams.get('start'));
  const calendarLink = `/resources/${resource.slug}${start ? `?from=${labDayOf(start)}` : ''}`;
  // A note typed before a lost race comes back with a nearby start's link.
  const note = (url.searchParams.get('note') ?? '').slice(0, MAX_BOOKING_NOTE);
  const page = { resource: { slug: resource.slug, name: resource.name }, calendarLink, note, approval: null };
  if (!start)
    return data(
      {
        ...page,
        start: null,
        lengths: [],
        credits: null,
        refusal: { rule: 'start', field: 'start', message: 'Choose a start time from the calendar.' },
      },
      { status: 400 },
    );
  const [options, have] = await Promise.all([
    bookings.startOptions(resource, start, user.id),
    resource.cost ? bookings.credits.haveFor(resource.cost, user.id, start) : null,
  ]);
  return {
    ...page,
    start: { iso: start.toISOString(), day: longDayName(labDayOf(start)), time: labClock(start) },
    lengths: options.lengths.map((minutes) => ({
      minutes,
      label: duration(minutes),
    })),
    refusal: options.refusal,
    // What a booking would hold, for the text under the length (null: it costs nothing).
    credits: resource.cost && have !== null ? { cost: resource.cost, have } : null,
    // A resource that needs approval: its questions, and until when a request made now holds the slot.
    approval: resource.approval
      ? {
          questions: resource.approval.questions,
          heldUntil: heldUntilText(requestDeadline(start, new Date())),
        }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, resource } = await target(request, params.slug);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: BookSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const { start, minutes, note, answers } = submission.value;
  // Every question of a resource that needs approval is answered (an absent one has no item).
  const questions = resource.approval?.questions ?? [];
  const unanswered = questions.flatMap((_, index) => (answers[index] ? [] : [`answers[${index}]`]));
  if (unanswered.length)
    return formReply(
      submission.reply({
        fieldErrors: Object.fromEntries(unanswered.map((name) => [name, ['Answer this question.']])),
      }),
    );
  const outcome = await bookings.book({
    resourceId: resource.id,
    userId: user.id,
    start: new Date(start),
    minutes,
    note,
    answers,
  });
  switch (outcome.status) {
    case 'booked':
      return redirect(`/bookings?notice=${outcome.booking.status === 'pending' ? 'requested' : 'booked'}`);
    case 'refused': {
      const { field, message } = outcome.refusal;
      return formReply(
        submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        refusalStatus(outcome.refusal),
      );
    }
    case 'taken':
      // The note the member typed goes with them to a nearby start.
      return data(
        {
          result: submission.reply({ formErrors: [outcome.refusal.message] }),
          nearest: outcome.nearest.map((iso): NearbyStart => {
            const at = new Date(iso);
            const query = new URLSearchParams({ start: iso, ...(note ? { note } : {}) });
            return {
              href: `/resources/${resource.slug}/book?${query}`,
              text: `${shortDayName(labDayOf(at))}, ${labClock(at)}`,
            };
          }),
          note,
          // 'Find the next free time' for the same length, here and on its equivalents.
          nextFree: `/resources/${resource.slug}/next-free?${new URLSearchParams({ minutes: String(minutes) })}`,
        },
        { status: 409 },
      );
    case 'not-found':
      notFound();
  }
}

// A lost race changes what this start offers: read it again, as a page load without JavaScript does
// (Remix skips that after an error status by default).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export default function ConfirmBooking() {
  const { resource, start, lengths, refusal, calendarLink, note, credits, approval } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof BookSchema>>({
    lastResult: answer?.result,
    defaultValue: {
      start: start?.iso,
      minutes: lengths[0]?.minutes,
      note,
      answers: approval?.questions.map(() => ''),
    },
    shouldValidate: 'onSubmit',
  });
  // Only the 'taken' answer carries the free starts nearby, and the note they keep.
  const taken = answer as { nearest?: NearbyStart[]; note?: string; nextFree?: string } | undefined;
  const nearest = taken?.nearest ?? [];
  // The hold follows the length chosen once JavaScript runs; before, it is the first length's.
  const [minutes, setMinutes] = useState(Number(fields.minutes.initialValue) || (lengths[0]?.minutes ?? 0));
  const holdId = `${fields.minutes.id}-holds`;
  // Said once: after a refusal for the same length, the error next to the field says it.
  const holdWords = credits ? holdText(credits.cost, minutes, credits.have) : null;
  const hold = holdWords && !fields.minutes.errors?.includes(holdWords) ? holdWords : null;
  const answerFields = fields.answers.getFieldList();
  return (
    <main id="main" className="page narrow-page">
      <div className="card narrow-card">
        <h1>Confirm booking</h1>
        <dl className="facts booking-facts">
          <dt>Machine</dt>
          <dd>
            <Link to={`/resources/${resource.slug}`}>{resource.name}</Link>
          </dd>
          {start ? (
            <>
              <dt>Day</dt>
              <dd>{start.day}</dd>
              <dt>Start</dt>
              <dd>
                {start.time} <span className="muted">(Dublin time)</span>
              </dd>
            </>
          ) : null}
        </dl>
        {approval && start && !refusal ? <p className="approval-hold">{approval.heldUntil}</p> : null}
        {refusal || !start ? (
          <>
            <FormBanner errors={[refusal?.message ?? 'Choose a start time from the calendar.']} />
            {refusal?.rule === 'taken' && start ? (
              <JoinWaitlist slug={resource.slug} start={start.iso} />
            ) : null}
            <NearbyStarts starts={nearest} note={taken?.note} />
            {taken?.nextFree ? (
              <p>
                <Link to={taken.nextFree}>Find the next free time</Link>
              </p>
            ) : null}
            <p>
              <Link to={calendarLink}>Back to the calendar</Link>
            </p>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate>
            <FormBanner id={form.errorId} errors={form.errors} />
            <NearbyStarts starts={nearest} note={taken?.note} />
            {taken?.nextFree ? (
              <p>
                <Link to={taken.nextFree}>Find the next free time</Link>
              </p>
            ) : null}
            <input {...getInputProps(fields.start, { type: 'hidden' })} />
            <ErrorList id={fields.start.errorId} errors={fields.start.errors} />
            <div className="field">
              <label htmlFor={fields.minutes.id}>Length</label>
              <select
                {...getSelectProps(fields.minutes)}
                aria-describedby={`${fields.minutes.id}-hint${hold ? ` ${holdId}` : ''}${fields.minutes.errors ? ` ${fields.minutes.errorId}` : ''}`}
                onChange={(event) => setMinutes(Number(event.currentTarget.value))}
              >
                {lengths.map((length) => (
                  <option key={length.minutes} value={length.minutes}>
                    {length.label}
                  </option>
                ))}
              </select>
              <p id={`${fields.minutes.id}-hint`} className="field-hint">
                The lengths that are free from {start.time} and that the rules allow.
              </p>
              {hold ? (
                <p id={holdId} className="credit-hold" aria-live="polite">
                  {hold}
                </p>
              ) : null}
              <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
            </div>
            {approval?.questions.map((question, index) =>
              answerFields[index] ? (
                <Field
                  key={question}
                  label={question}
                  field={answerFields[index]}
                  required
                  textareaProps={{ ...getTextareaProps(answerFields[index]), rows: 2, maxLength: MAX_ANSWER }}
                />
              ) : null,
            )}
            <Field
              label="Note (optional)"
              field={fields.note}
              hint="Shown with your booking and in your calendar."
              textareaProps={{ ...getTextareaProps(fields.note), rows: 3, maxLength: MAX_BOOKING_NOTE }}
            />
            <div className="button-row">
              <Link to={calendarLink} className="button button-secondary">
                Back
              </Link>
              <button type="submit" className="button" disabled={busy}>
                {approval
                  ? busy
                    ? 'Requesting...'
                    : 'Request booking'
                  : busy
                    ? 'Booking...'
                    : 'Confirm booking'}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}

/**
 * After 'That slot was just taken.': free starts of the same length nearby, each its own page,
 * which the member's note goes to.
 */
function NearbyStarts({ starts, note }: { starts: NearbyStart[]; note?: string }) {
  if (!starts.length) return null;
  return (
    <nav className="nearest-slots" aria-labelledby="nearest-heading">
      <h2 id="nearest-heading">Free at nearby times</h2>
      {note ? <p className="field-hint">{`Your note goes with the time you pick: “${note}”`}</p> : null}
      <ul>
        {starts.map((slot) => (
          <li key={slot.href}>
            <Link to={slot.href}>{slot.text}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where the slot is taken: a link to wait for it (the waiting list's page, this time filled in). */
function JoinWaitlist({ slug, start }: { slug: string; start: string }) {
  return (
    <>
      <p>Wait for it: if it is freed, the first in line is offered it by e-mail.</p>
      <p>
        <Link
          to={`/resources/${slug}/wait?${new URLSearchParams({ start })}`}
          className="button button-secondary"
        >
          Join the waiting list
        </Link>
      </p>
    </>
  );
}
