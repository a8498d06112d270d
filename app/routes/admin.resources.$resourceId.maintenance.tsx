// /admin/resources/{id}/maintenance — blocking a resource's time for maintenance, and booking it for
// a member past the rules (docs/product.md §10). A block over members' bookings is refused with
// them listed, unless 'Also cancel those bookings' is ticked: then they are cancelled with it and
// their members e-mailed. Admins only; an unknown id is the 404 page.
import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  bookings,
  labInstant,
  MaintenanceSchema,
  notFound,
  OnBehalfSchema,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
} from '~/.server';
import { ErrorList, Field, FormBanner } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { labClock, labDayOf, longDayName } from '~/lib/booking/time';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Maintenance (admin)', description: 'Block a resource for maintenance.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  const url = new URL(request.url);
  return {
    resource: { id: resource.id, slug: resource.slug, name: resource.name },
    blocks: (await bookings.admin.resources.maintenance(resource.id)).map((block) => ({
      id: block.id,
      when: block.when,
      reason: block.reason,
      by: block.bookedBy,
    })),
    notice: noticeText(url.searchParams),
  };
}

/** What the last change did, carried over its redirect. */
function noticeText(params: URLSearchParams) {
  const cancelled = Number(params.get('cancelled') ?? 0);
  if (params.has('added'))
    return cancelled
      ? `Maintenance block added. ${cancelled} booking${cancelled === 1 ? ' was' : 's were'} cancelled and ${cancelled === 1 ? 'its member' : 'their members'} e-mailed.`
      : 'Maintenance block added.';
  if (params.has('removed')) return 'Maintenance block removed.';
  const booked = params.get('booked');
  if (booked) return `Booked for @${booked.slice(0, 40)}; they were e-mailed the confirmation.`;
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  const formData = await readForm(request);
  if (!formData) throw new Response('The form is too large.', { status: 413 });
  const intent = formData.get('intent');
  const here = `/admin/resources/${resource.id}/maintenance`;

  if (intent === 'remove') {
    await bookings.admin.resources.removeMaintenance(resource.id, String(formData.get('block') ?? ''), user);
    return redirect(`${here}?removed=1`);
  }

  if (intent === 'behalf') {
    const submission = parseWithZod(formData, { schema: OnBehalfSchema });
    if (submission.status !== 'success') return { intent: intent as string, ...reply(submission.reply()) };
    const { username, day, time, minutes, reason, note, override } = submission.value;
    const outcome = await bookings.admin.resources.bookFor(
      resource.id,
      { username, start: labInstant(day, time), minutes, note, reason, override },
      user,
    );
    if (outcome.status === 'booked') return redirect(`${here}?booked=${encodeURIComponent(username)}`);
    if (outcome.status === 'not-found') notFound();
    const fieldErrors: Record<string, string[]> =
      outcome.status === 'unknown-member'
        ? { username: ['No member has this username'] }
        : outcome.status === 'taken'
          ? {
              time: [
                outcome.refusal.rule === 'mine'
                  ? `@${username} already has a booking then.`
                  : takenText(outcome.refusal.message, outcome.nearest),
              ],
            }
          : outcome.refusal.overridable
            ? { override: [gateText(outcome.refusal.rule, username, resource)] }
            : { [outcome.refusal.field === 'minutes' ? 'minutes' : 'time']: [outcome.refusal.message] };
    return { intent: intent as string, ...reply(submission.reply({ fieldErrors })) };
  }

  const submission = parseWithZod(formData, { schema: MaintenanceSchema });
  if (submission.status !== 'success') return { intent: 'maintenance', ...reply(submission.reply()) };
  const { startDay, startTime, endDay, endTime, reason, alsoCancel } = submission.value;
  const outcome = await bookings.admin.resources.addMaintenance(
    resource.id,
    { start: labInstant(startDay, startTime), end: labInstant(endDay, endTime), reason, alsoCancel },
    user,
  );
  if (outcome.status === 'not-found') notFound();
  if (outcome.status === 'added') return redirect(`${here}?added=1&cancelled=${outcome.cancelled.length}`);
  const count = outcome.standing.length;
  const message =
    outcome.status === 'blocked'
      ? `A maintenance block already stands in that time: ${outcome.standing.join('; ')}.`
      : `${count} booking${count === 1 ? ' stands' : 's stand'} in that time: ${outcome.standing.join('; ')}. Tick ‘Also cancel those bookings’ to cancel ${count === 1 ? 'it' : 'them'} and e-mail ${count === 1 ? 'its member' : 'their members'}.`;
  return { intent: 'maintenance', ...reply(submission.reply({ formErrors: [message] })) };
}

const reply = (result: SubmissionResult<string[]>) => ({ result });

/** A safety gate a booking on behalf passes only with 'Book anyway', in the admin's words. */
function gateText(
  rule: string,
  username: string,
  resource: { name: string; induction: { name: string } | null },
) {
  const gate =
    rule === 'status'
      ? `${resource.name} is out of service.`
      : `@${username} does not hold a valid ${resource.induction?.name ?? 'induction'}.`;
  return `${gate} Tick ‘Book anyway’ to book past it; the reason goes in the audit log.`;
}

/** What is in the way ('That slot was just taken.') with the nearest free starts on the lab's clocks. */
function takenText(message: string, nearest: string[]) {
  const starts = nearest.map((iso) => {
    const at = new Date(iso);
    return `${longDayName(labDayOf(at))} ${labClock(at)}`;
  });
  return starts.length ? `${message} Nearest free: ${starts.join(', ')}.` : message;
}

export default function ResourceMaintenance() {
  const { resource, blocks, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Forms post to the page's own address without the last change's notice (?added=1...).
  const here = `/admin/resources/${resource.id}/maintenance`;
  return (
    <>
      <h1>{resource.name}: maintenance and bookings</h1>
      <p>
        <Link to={`/admin/resources/${resource.id}`}>Edit {resource.name}</Link> ·{' '}
        <Link to={`/resources/${resource.slug}`}>Its calendar</Link>
      </p>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <MaintenanceForm
        action={here}
        lastResult={answer?.intent === 'maintenance' ? answer.result : undefined}
      />
      <section aria-labelledby="blocks-heading">
        <h2 id="blocks-heading">Upcoming maintenance</h2>
        {blocks.length ? (
          <ul className="maintenance-list">
            {blocks.map((block) => (
              <li key={block.id} className="card">
                <p>
                  <strong>{block.when}</strong> (Dublin time): {block.reason}
                  {block.by ? <span className="muted"> — {block.by}</span> : null}
                </p>
                <Form method="post" action={here}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="block" value={block.id} />
                  <button
                    type="submit"
                    className="button button-small button-secondary"
                    aria-label={`Remove the maintenance block ${block.when}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No maintenance planned.</p>
        )}
      </section>
      <OnBehalfForm action={here} lastResult={answer?.intent === 'behalf' ? answer.result : undefined} />
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

type FormProps = { action: string; lastResult: Result };

function MaintenanceForm({ action, lastResult }: FormProps) {
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof MaintenanceSchema>>({
    id: 'maintenance',
    lastResult,
    shouldValidate: 'onSubmit',
  });
  const formErrors = shownErrors(form.errors, lastResult);
  return (
    <section aria-labelledby="maintenance-heading">
      <h2 id="maintenance-heading">Block time for maintenance</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="card admin-form">
        <input type="hidden" name="intent" value="maintenance" />
        <FormBanner id={form.errorId} errors={formErrors} />
        <p className="field-hint">Dublin time. Nobody can book the resource while the block stands.</p>
        <DayAndTime day={fields.startDay} time={fields.startTime} named="Start" />
        <DayAndTime day={fields.endDay} time={fields.endTime} named="End" />
        <Field
          label="Reason"
          field={fields.reason}
          inputProps={getInputProps(fields.reason, { type: 'text' })}
          hint="Kept with the block; sent to members whose bookings it cancels."
          required
        />
        <div className="field">
          <label className="checkbox">
            <input
              {...getInputProps(fields.alsoCancel, { type: 'checkbox' })}
              aria-describedby={formErrors ? form.errorId : undefined}
            />{' '}
            Also cancel those bookings
          </label>
          <p className="field-hint">
            Members whose bookings stand in that time are e-mailed with the reason.
          </p>
          <ErrorList id={fields.alsoCancel.errorId} errors={fields.alsoCancel.errors} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Add maintenance block
        </button>
      </Form>
    </section>
  );
}

function OnBehalfForm({ action, lastResult }: FormProps) {
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof OnBehalfSchema>>({
    id: 'behalf',
    lastResult,
    shouldValidate: 'onSubmit',
  });
  const formErrors = shownErrors(form.errors, lastResult);
  return (
    <section aria-labelledby="behalf-heading">
      <h2 id="behalf-heading">Book for a member</h2>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="card admin-form">
        <input type="hidden" name="intent" value="behalf" />
        <FormBanner id={form.errorId} errors={formErrors} />
        <p className="field-hint">
          Past the member’s limits, notice, length and opening hours; never over another booking or in the
          past. The member gets the confirmation e-mail.
        </p>
        <Field
          label="Member’s username"
          field={fields.username}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
          required
        />
        <DayAndTime day={fields.day} time={fields.time} />
        <Field
          label="Length (minutes)"
          field={fields.minutes}
          inputProps={{ ...getInputProps(fields.minutes, { type: 'number' }), min: 1 }}
          required
        />
        <Field
          label="Reason"
          field={fields.reason}
          inputProps={getInputProps(fields.reason, { type: 'text' })}
          hint="Why past the rules; kept in the audit log."
          required
        />
        <Field
          label="Note for the member"
          field={fields.note}
          inputProps={getInputProps(fields.note, { type: 'text' })}
        />
        <div className="field">
          <label className="checkbox">
            <input
              {...getInputProps(fields.override, { type: 'checkbox' })}
              aria-describedby={`${fields.override.id}-hint${fields.override.errors ? ` ${fields.override.errorId}` : ''}`}
            />{' '}
            Book anyway
          </label>
          <p id={`${fields.override.id}-hint`} className="field-hint">
            Past a missing or expired induction, or while the resource is out of service.
          </p>
          <ErrorList id={fields.override.errorId} errors={fields.override.errors} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Book for the member
        </button>
      </Form>
    </section>
  );
}

/**
 * The server's errors for the whole form, only while its answer stands: after a change's redirect
 * there is none, and conform would otherwise keep showing the last refusal ('1 booking stands...').
 */
const shownErrors = (errors: string[] | undefined, lastResult: Result) => (lastResult ? errors : undefined);

/** A date and a time on the lab's clock, side by side: 'Start date' and 'Start time', or 'Date' and 'Time'. */
function DayAndTime({
  day,
  time,
  named,
}: {
  day: FieldMetadata<string>;
  time: FieldMetadata<string>;
  named?: string;
}) {
  return (
    <div className="field-pair">
      <Field
        label={named ? `${named} date` : 'Date'}
        field={day}
        inputProps={getInputProps(day, { type: 'date' })}
        required
      />
      <Field
        label={named ? `${named} time` : 'Time'}
        field={time}
        inputProps={getInputProps(time, { type: 'time' })}
        required
      />
    </div>
  );
}
