// The admin's credit forms (/admin/credits; docs/product.md §10 'Credits'): a credit made or
// edited (CreditFormSchema), a grant to a member or to every member (CreditGrantSchema, with the
// key drawn with the page so the same form sent twice grants once), and a lot's adjustment. Plain
// HTML forms that post without JavaScript; the server checks each and answers next to the field.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field, FormBanner } from './forms';
import { useIsPending } from './pending';

type Result = SubmissionResult<string[]> | undefined;

/** Name, unit and monthly allowance: a new credit (`credit` absent) or one being edited. */
export function CreditForm({
  credit,
  lastResult,
}: {
  credit?: { id: string; name: string; unit: string; monthlyAllowance: number };
  lastResult: Result;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ name: string; unit: string; monthlyAllowance: string }>({
    id: credit ? `credit-${credit.id}` : 'credit-new',
    lastResult,
    defaultValue: credit
      ? { name: credit.name, unit: credit.unit, monthlyAllowance: String(credit.monthlyAllowance) }
      : { monthlyAllowance: '0' },
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="card admin-form">
      <input type="hidden" name="intent" value={credit ? 'edit' : 'create'} />
      {credit ? <input type="hidden" name="creditId" value={credit.id} /> : null}
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label="Name"
        field={fields.name}
        inputProps={getInputProps(fields.name, { type: 'text' })}
        hint={credit ? undefined : 'What members see: GPU tokens.'}
        required
      />
      <Field
        label="Unit"
        field={fields.unit}
        inputProps={getInputProps(fields.unit, { type: 'text' })}
        hint={credit ? undefined : 'One of them: token.'}
        required
      />
      <Field
        label="Monthly allowance"
        field={fields.monthlyAllowance}
        inputProps={{ ...getInputProps(fields.monthlyAllowance, { type: 'number' }), min: 0 }}
        hint="Every member’s, for each lab month; it does not carry over. 0: none."
      />
      <button type="submit" className="button" disabled={busy}>
        {credit ? `Save ${credit.name}` : 'Create credit'}
      </button>
    </Form>
  );
}

/** A grant to one member (by username) or, `all`, to every member. */
export function GrantForm({
  all,
  credits,
  grantKey,
  lastResult,
}: {
  all: boolean;
  credits: readonly { id: string; name: string }[];
  /** drawn with the page: the same form sent twice grants once */
  grantKey: string;
  lastResult: Result;
}) {
  const busy = useIsPending();
  const id = all ? 'grant-all' : 'grant';
  const [form, fields] = useForm<{
    username: string;
    credit: string;
    amount: string;
    reason: string;
    expires: string;
  }>({ id, lastResult, shouldValidate: 'onSubmit' });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="card admin-form"
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>{all ? 'Grant to every member' : 'Grant to a member'}</h3>
      <input type="hidden" name="intent" value={id} />
      <input type="hidden" name="key" value={grantKey} />
      <FormBanner id={form.errorId} errors={form.errors} />
      {all ? null : (
        <Field
          label="Member’s username"
          field={fields.username}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
          required
        />
      )}
      <div className="field">
        <label htmlFor={fields.credit.id}>
          Credit<span aria-hidden="true"> *</span>
        </label>
        <select
          id={fields.credit.id}
          name={fields.credit.name}
          defaultValue={fields.credit.initialValue ?? credits[0]?.id}
          aria-invalid={fields.credit.errors ? true : undefined}
          aria-describedby={fields.credit.errors ? fields.credit.errorId : undefined}
        >
          {credits.map((credit) => (
            <option key={credit.id} value={credit.id}>
              {credit.name}
            </option>
          ))}
        </select>
        {fields.credit.errors ? (
          <ul id={fields.credit.errorId} className="field-errors">
            {fields.credit.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <Field
        label="Amount"
        field={fields.amount}
        inputProps={{ ...getInputProps(fields.amount, { type: 'number' }), min: 1 }}
        required
      />
      <Field
        label="Reason"
        field={fields.reason}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
        hint={all ? 'Each member is mailed it.' : 'The member is mailed it.'}
        required
      />
      <Field
        label="Expires on"
        field={fields.expires}
        inputProps={getInputProps(fields.expires, { type: 'date' })}
        hint="The last day they can be spent (to its end in Dublin). Empty: they never expire."
      />
      <button type="submit" className="button" disabled={busy}>
        {all ? 'Grant to every member' : 'Grant'}
      </button>
    </Form>
  );
}

/** A lot's adjustment by a signed whole number, with a reason (refused below 0, said at the field). */
export function AdjustForm({ lot, label, lastResult }: { lot: string; label: string; lastResult: Result }) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ delta: string; reason: string }>({
    id: `adjust-${lot}`,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="inline-form">
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="lot" value={lot} />
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label="Change by"
        field={fields.delta}
        inputProps={{ ...getInputProps(fields.delta, { type: 'number' }), step: 1 }}
        hint="Like 5 or -3."
      />
      <Field
        label="Reason"
        field={fields.reason}
        inputProps={getInputProps(fields.reason, { type: 'text' })}
      />
      <button
        type="submit"
        className="button button-small button-secondary"
        disabled={busy}
        aria-label={label}
      >
        Adjust
      </button>
    </Form>
  );
}
