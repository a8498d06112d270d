// The admin's forms on /admin/resources/{id}/maintenance (docs/product.md §10): a maintenance
// block, 'End early' on one, and a booking for a member past the rules. All are plain POST forms,
// checked by MaintenanceSchema, ShortenMaintenanceSchema and OnBehalfSchema on the server, which
// answers each problem next to its field.
import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import type { MaintenanceSchema, OnBehalfSchema, ShortenMaintenanceSchema } from '~/lib/bookings/schemas';
import { ErrorList, Field, FormBanner } from './forms';
import { useIsPending } from './pending';

type Result = SubmissionResult<string[]> | undefined;

type FormProps = { action: string; lastResult: Result };

export function MaintenanceForm({ action, lastResult }: FormProps) {
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

export function OnBehalfForm({ action, lastResult }: FormProps) {
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
            Past a missing or expired induction, an out-of-service resource or too few credits.
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

/** 'End early' on one block: its new end, filled in with the end it has (the machine was ready sooner). */
export function ShortenForm({
  action,
  block,
  lastResult,
}: FormProps & { block: { id: string; when: string; endDay: string; endTime: string } }) {
  const busy = useIsPending();
  const [form, fields] = useForm<z.input<typeof ShortenMaintenanceSchema>>({
    id: `shorten-${block.id}`,
    lastResult,
    defaultValue: { endDay: block.endDay, endTime: block.endTime },
    shouldValidate: 'onSubmit',
  });
  return (
    <details className="shorten" open={lastResult?.status === 'error' ? true : undefined}>
      <summary>End early</summary>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="admin-form">
        <input type="hidden" name="intent" value="shorten" />
        <input type="hidden" name="block" value={block.id} />
        <FormBanner id={form.errorId} errors={shownErrors(form.errors, lastResult)} />
        <DayAndTime day={fields.endDay} time={fields.endTime} named="New end" />
        <button
          type="submit"
          className="button button-small"
          disabled={busy}
          aria-label={`End the maintenance block ${block.when} early`}
        >
          End early
        </button>
      </Form>
    </details>
  );
}

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
