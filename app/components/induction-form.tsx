// The admin's induction forms (/admin/inductions, /admin/inductions/{id}; docs/product.md §10): a
// name, a description and how long a sign-off lasts (InductionFormSchema), a username form (an
// inductor, a sign-off) and a revocation; the server checks each.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import type { TouchedBooking } from '~/lib/bookings/models';
import type { InductionFormSchema } from '~/lib/bookings/schemas';
import { Field, FormBanner } from './forms';
import { TouchedBookings } from './touched-bookings';
import { useIsPending } from './pending';

/** 'Never expires' or '12 months'. */
export const validFor = (months: number | null) =>
  months === null ? 'Never expires' : `${months} month${months === 1 ? '' : 's'}`;

/** Name, description and how long a sign-off is valid: a new induction, or one being edited. */
export function InductionForm({
  title,
  lastResult,
  submit,
  defaultValue,
}: {
  title: string;
  lastResult?: SubmissionResult<string[]>;
  submit: string;
  defaultValue?: { name: string; description: string; validMonths: string };
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof InductionFormSchema>>({
    id: 'induction',
    lastResult,
    defaultValue,
    shouldValidate: 'onSubmit',
  });
  return (
    <section aria-labelledby="induction-form-heading">
      <h2 id="induction-form-heading">{title}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="card admin-form">
        <input type="hidden" name="intent" value="edit" />
        <FormBanner id={form.errorId} errors={form.errors} />
        <Field
          label="Name"
          field={fields.name}
          inputProps={getInputProps(fields.name, { type: 'text' })}
          required
        />
        <Field
          label="Description"
          field={fields.description}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        />
        <Field
          label="Valid for (months)"
          field={fields.validMonths}
          inputProps={{ ...getInputProps(fields.validMonths, { type: 'number' }), min: 1 }}
          hint="How long a sign-off lasts. Empty: it never expires."
        />
        <button type="submit" className="button" disabled={busy}>
          {submit}
        </button>
      </Form>
    </section>
  );
}

/** A form of one username (and a note): naming an inductor, signing a member off. */
export function UsernameForm({
  id,
  intent,
  label,
  button,
  lastResult,
  inductionId,
  withNote = false,
}: {
  id: string;
  intent: string;
  label: string;
  button: string;
  lastResult?: SubmissionResult<string[]>;
  inductionId?: string;
  withNote?: boolean;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ username: string; note: string }>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="card admin-form">
      <input type="hidden" name="intent" value={intent} />
      {inductionId ? <input type="hidden" name="inductionId" value={inductionId} /> : null}
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label={label}
        field={fields.username}
        inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
        required
      />
      {withNote ? (
        <Field label="Note" field={fields.note} inputProps={getInputProps(fields.note, { type: 'text' })} />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {button}
      </button>
    </Form>
  );
}

/**
 * Revoking a member's induction with a reason; when they hold upcoming bookings that need it, those
 * are listed (machine and time) with 'Also cancel those bookings'.
 */
export function RevokeForm({
  inductionId,
  member,
  upcoming,
  lastResult,
}: {
  inductionId: string;
  member: { id: string; username: string };
  /** the member's upcoming bookings that need it */
  upcoming: readonly TouchedBooking[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<{ reason: string; alsoCancel: boolean }>({
    id: `revoke-${member.id}`,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="inline-form">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="inductionId" value={inductionId} />
      <input type="hidden" name="userId" value={member.id} />
      <Field
        label={`Reason to revoke @${member.username}`}
        field={fields.reason}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
      <TouchedBookings
        id={`touched-${member.id}`}
        title={touchedTitle(member.username, upcoming.length)}
        bookings={upcoming}
      />
      {upcoming.length ? (
        <label className="checkbox">
          <input {...getInputProps(fields.alsoCancel, { type: 'checkbox' })} /> Also cancel those bookings (
          {upcoming.length} upcoming)
        </label>
      ) : null}
      <button type="submit" className="button button-small button-secondary">
        Revoke
      </button>
    </Form>
  );
}

/** 'It touches @ana’s 2 upcoming bookings that need it:' above the list a revocation would touch. */
export const touchedTitle = (username: string, count: number) =>
  `It touches @${username}’s ${count === 1 ? 'upcoming booking' : `${count} upcoming bookings`} that need${count === 1 ? 's' : ''} it:`;
