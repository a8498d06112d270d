// The admin's induction form (/admin/inductions, /admin/inductions/{id}; docs/product.md §10): a
// name, a description and how long a sign-off lasts, checked by InductionFormSchema on the server.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import type { InductionFormSchema } from '~/lib/booking/schemas';
import { Field, FormBanner } from './forms';
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
