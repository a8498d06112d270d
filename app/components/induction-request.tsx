// 'Request an induction' on a machine's page (docs/product.md §10): for a member who lacks the
// induction it needs, or whose induction expires within 30 days (the expiry notice links here); a
// plain POST form with an optional message, checked on the server.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { MAX_INDUCTION_REQUEST } from '~/lib/limits';
import { Field, FormBanner } from './forms';
import { useIsPending } from './pending';

/** The request form, or that the member asked already, under what stops them booking (or soon will). */
export function InductionRequest({
  refusal,
  requested,
  notice,
  result,
}: {
  refusal: string;
  requested: boolean;
  notice: string | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useForm({ lastResult: notice ? null : result, shouldValidate: 'onSubmit' });
  return (
    <section className="card induction-request" aria-labelledby="induction-heading">
      <h2 id="induction-heading">{refusal}</h2>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : requested ? (
        <p>You have asked for it; an inductor will be in touch.</p>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate>
          <FormBanner id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="request-induction" />
          <Field
            label="Message (optional)"
            field={fields.message}
            hint="When suits you, or what you plan to make."
            textareaProps={{
              ...getTextareaProps(fields.message),
              rows: 3,
              maxLength: MAX_INDUCTION_REQUEST,
            }}
          />
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Requesting...' : 'Request an induction'}
          </button>
        </Form>
      )}
    </section>
  );
}
