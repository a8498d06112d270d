// /resources/{slug}/wait — 'Join the waiting list' (docs/product.md §10 'The waiting list'): a
// member waits for any time in a window they give (from, until, the shortest length they need);
// a taken slot's confirm page posts the slot itself here. When time in the window is freed, the
// first in line who may book it is offered it by e-mail. Plain forms: they work without JavaScript.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  bookings,
  FORM_LIMITS,
  formError,
  formReply,
  notFound,
  parseInstant,
  parseWithZod,
  readForm,
  redirect,
  requireUser,
  SECRET_PAGE_CACHE,
  tooLarge,
  labInstant,
  WaitSchema,
} from '~/.server';
import { Field, FormBanner, ErrorList } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { addMinutes, duration, labClock, labDayOf } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Join the waiting list',
    description: `Wait for time on ${args.data?.resource.name ?? 'a machine'} at the lab.`,
  });

export const headers = () => SECRET_PAGE_CACHE;

async function target(request: Request, slug: string | undefined) {
  const user = await requireUser(request);
  const resource = await bookings.resources.bySlug(slug ?? '');
  if (!resource) notFound();
  return { user, resource };
}

/** The lengths a wait may ask for: the resource's own, slot by slot. */
const lengthsOf = (rules: { slotMinutes: number; minMinutes: number; maxMinutes: number }) => {
  const lengths: number[] = [];
  for (let minutes = rules.minMinutes; minutes <= rules.maxMinutes; minutes += rules.slotMinutes)
    lengths.push(minutes);
  return lengths;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resource } = await target(request, params.slug);
  // From a slot's page: that slot, filled in.
  const url = new URL(request.url);
  const start = parseInstant(url.searchParams.get('start'));
  // The length asked for, else an hour (the lab's usual booking) within what the resource allows.
  const lengths = lengthsOf(resource.rules);
  const asked = Number(url.searchParams.get('minutes'));
  const minutes = lengths.includes(asked)
    ? asked
    : (lengths.find((length) => length >= 60) ?? lengths[0] ?? 60);
  const end = start ? addMinutes(start, minutes) : null;
  return {
    resource: { slug: resource.slug, name: resource.name },
    lengths: lengths.map((length) => ({ minutes: length, label: duration(length) })),
    defaults:
      start && end
        ? {
            fromDay: labDayOf(start),
            fromTime: labClock(start),
            untilDay: labDayOf(end),
            untilTime: labClock(end),
            minutes,
          }
        : { minutes },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, resource } = await target(request, params.slug);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  // A taken slot's 'Join the waiting list': the slot itself, as an instant and a length.
  const slot = parseInstant(String(formData.get('start') ?? ''));
  const submission = slot ? null : parseWithZod(formData, { schema: WaitSchema });
  if (submission && submission.status !== 'success') return formReply(submission.reply());
  const window = submission?.value
    ? {
        from: labInstant(submission.value.fromDay, submission.value.fromTime),
        to: labInstant(submission.value.untilDay, submission.value.untilTime),
        minMinutes: submission.value.minutes,
      }
    : {
        from: slot!,
        to: addMinutes(slot!, Number(formData.get('minutes'))),
        minMinutes: Number(formData.get('minutes')),
      };
  const outcome = await bookings.waitlist.join({ resourceId: resource.id, userId: user.id, ...window });
  switch (outcome.status) {
    case 'joined':
    case 'already':
      return redirect('/bookings?notice=waiting');
    case 'refused': {
      const { field, message } = outcome.refusal;
      const path =
        field === 'from'
          ? 'fromTime'
          : field === 'to'
            ? 'untilTime'
            : field === 'minMinutes'
              ? 'minutes'
              : null;
      const reply = submission
        ? submission.reply(path ? { fieldErrors: { [path]: [message] } } : { formErrors: [message] })
        : formError(message);
      return formReply(reply ?? { status: 'error', error: { '': [message] } }, 409);
    }
    case 'not-found':
      notFound();
  }
}

export default function JoinWaitlist() {
  const { resource, lengths, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof WaitSchema>>({
    lastResult,
    defaultValue: defaults,
    shouldValidate: 'onSubmit',
  });
  return (
    <main id="main" className="page narrow-page">
      <div className="card narrow-card">
        <h1>Join the waiting list</h1>
        <p>
          For <Link to={`/resources/${resource.slug}`}>{resource.name}</Link>. When time in your window is
          freed (a cancel, a no-show, an early finish), the first in line who may book it is offered it by
          e-mail and has up to an hour to take it. Close to the start, everyone waiting is told at once.
        </p>
        <Form method="post" {...getFormProps(form)} noValidate>
          <FormBanner id={form.errorId} errors={form.errors} />
          <p className="field-hint">Dublin time.</p>
          <div className="field-pair">
            <Field
              label="From date"
              field={fields.fromDay}
              inputProps={getInputProps(fields.fromDay, { type: 'date' })}
              required
            />
            <Field
              label="From time"
              field={fields.fromTime}
              inputProps={getInputProps(fields.fromTime, { type: 'time' })}
              required
            />
          </div>
          <div className="field-pair">
            <Field
              label="Until date"
              field={fields.untilDay}
              inputProps={getInputProps(fields.untilDay, { type: 'date' })}
              required
            />
            <Field
              label="Until time"
              field={fields.untilTime}
              inputProps={getInputProps(fields.untilTime, { type: 'time' })}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={fields.minutes.id}>Shortest length</label>
            <select
              {...getSelectProps(fields.minutes)}
              aria-describedby={`${fields.minutes.id}-hint${fields.minutes.errors ? ` ${fields.minutes.errorId}` : ''}`}
            >
              {lengths.map((length) => (
                <option key={length.minutes} value={length.minutes}>
                  {length.label}
                </option>
              ))}
            </select>
            <p id={`${fields.minutes.id}-hint`} className="field-hint">
              You are offered free time in the window of at least this length.
            </p>
            <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            Join the waiting list
          </button>
        </Form>
      </div>
    </main>
  );
}
