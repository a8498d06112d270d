// The admin's resource form (/admin/resources/new, /admin/resources/{id}; docs/product.md §10): the
// resource, its photo, status and booking rules in one multipart POST that works without
// JavaScript. The server checks it with ResourceFormSchema and answers each problem next to its
// field, with everything typed kept.
import { DEFAULT_GRACE_MINUTES, MAX_EQUIVALENT_GROUP, MAX_QUESTIONS } from '~/lib/limits';
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { z } from 'zod';
import { assetUrl } from '~/lib/images';
import { RESOURCE_KINDS, type InductionRef, type Resource, type TouchedBooking } from '~/lib/bookings/models';
import type { ResourceFormSchema } from '~/lib/bookings/schemas';
import { clockText, SLOT_LENGTHS, WEEKDAYS, WEEKDAY_NAMES } from '~/lib/bookings/week';
import { ErrorList, Field, FormBanner, ImageInput } from './forms';
import { useIsPending } from './pending';
import { TouchedBookings } from './touched-bookings';

type Input = z.input<typeof ResourceFormSchema> & { photo?: File };

const clock = (minutes: number) => (minutes >= 1440 ? '00:00' : clockText(minutes));

/** The form's values for a saved resource. */
function fromResource(resource: Resource) {
  const { rules } = resource;
  return {
    name: resource.name,
    slug: resource.slug,
    kind: resource.kind,
    description: resource.description,
    induction: resource.induction?.id ?? '',
    status: resource.status,
    statusReason: resource.statusReason,
    equivalentGroup: resource.equivalentGroup,
    approvalRequired: resource.approval ? 'on' : '',
    approvalQuestions: resource.approval?.questions.join('\n') ?? '',
    slotMinutes: String(rules.slotMinutes),
    minMinutes: String(rules.minMinutes),
    maxMinutes: String(rules.maxMinutes),
    bufferMinutes: String(rules.bufferMinutes),
    hoursMode: rules.hours === 'any' ? 'any' : 'weekly',
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const times = rules.hours === 'any' ? undefined : rules.hours[day];
        return [day, times ? { open: clock(times.open), close: clock(times.close) } : {}];
      }),
    ),
    noticeMinutes: String(rules.noticeMinutes),
    horizonDays: String(rules.horizonDays),
    cancelCutoffMinutes: String(rules.cancelCutoffMinutes),
    maxUpcoming: resource.ownMaxUpcoming === null ? '' : String(resource.ownMaxUpcoming),
    maxWeekHours: rules.maxWeekMinutes === null ? '' : String(rules.maxWeekMinutes / 60),
    checkIn: rules.checkInGraceMinutes != null ? 'on' : '',
    graceMinutes: String(rules.checkInGraceMinutes ?? DEFAULT_GRACE_MINUTES),
    creditId: resource.cost?.credit.id ?? '',
    creditsPerHour: resource.cost ? String(resource.cost.perHour) : '',
  };
}

const NEW_RESOURCE = {
  kind: 'fabrication',
  status: 'available',
  slotMinutes: '30',
  minMinutes: '30',
  maxMinutes: '120',
  bufferMinutes: '0',
  hoursMode: 'any',
  noticeMinutes: '0',
  horizonDays: '14',
  cancelCutoffMinutes: '0',
  graceMinutes: String(DEFAULT_GRACE_MINUTES),
};

export function ResourceForm({
  resource,
  upcoming = NONE_UPCOMING,
  inductions,
  credits,
  labMaxUpcoming,
  lastResult,
}: {
  /** the resource being edited; null for a new one */
  resource: Resource | null;
  /** members' bookings of it that have not ended: the first ones, and how many in all */
  upcoming?: Upcoming;
  inductions: InductionRef[];
  /** the credits it may cost ('Costs') */
  credits: readonly { id: string; name: string }[];
  /** the lab's default for an empty 'Most upcoming bookings per member' */
  labMaxUpcoming: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<Input>({
    lastResult,
    defaultValue: (resource ? fromResource(resource) : NEW_RESOURCE) as Record<string, unknown>,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="card admin-form resource-form"
    >
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label="Name"
        field={fields.name}
        inputProps={getInputProps(fields.name, { type: 'text' })}
        required
      />
      <Field
        label="Slug"
        field={fields.slug}
        inputProps={getInputProps(fields.slug, { type: 'text' })}
        hint="Its address: /resources/slug. Lower-case letters, digits and hyphens; leave empty to make it from the name."
      />
      <SelectField label="Kind" field={fields.kind}>
        {Object.entries(RESOURCE_KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        label="Description"
        field={fields.description}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4, maxLength: 2000 }}
      />
      {resource?.photo ? (
        <img
          src={assetUrl(resource.photo.id, 340)}
          alt={`${resource.name}, as it looks now`}
          className="current-image"
        />
      ) : null}
      <ImageInput
        field={fields.photo}
        label="Photo"
        chosen={false}
        hint={`Optional. At most 5 MB.${resource?.photo ? ' A photo is saved; choose another to replace it.' : ''}`}
      />
      {resource?.photo ? (
        <div className="field">
          <label className="checkbox">
            <input {...getInputProps(fields.removePhoto, { type: 'checkbox' })} /> Remove the photo
          </label>
        </div>
      ) : null}
      <SelectField label="Induction needed" field={fields.induction}>
        <option value="">None</option>
        {inductions.map((induction) => (
          <option key={induction.id} value={induction.id}>
            {induction.name}
          </option>
        ))}
      </SelectField>
      {credits.length ? (
        <fieldset className="field">
          <legend>Costs</legend>
          <div className="field-pair">
            <SelectField label="Credit" field={fields.creditId}>
              <option value="">Nothing</option>
              {credits.map((credit) => (
                <option key={credit.id} value={credit.id}>
                  {credit.name}
                </option>
              ))}
            </SelectField>
            <Field
              label="Per hour"
              field={fields.creditsPerHour}
              inputProps={number(fields.creditsPerHour, 1)}
              hint="A booking holds the rate times its hours, rounded up to a whole credit."
            />
          </div>
        </fieldset>
      ) : null}
      <fieldset className="field">
        <legend>Approval</legend>
        <label className="checkbox">
          <input
            {...getInputProps(fields.approvalRequired, { type: 'checkbox' })}
            aria-describedby={`${fields.approvalRequired.id}-hint`}
          />{' '}
          Approval required
        </label>
        <p id={`${fields.approvalRequired.id}-hint`} className="field-hint">
          A member’s booking is a request that holds the slot until an approver (named on its Approvers page)
          or an admin decides: at most 48 hours, and never later than 2 hours before the start.
        </p>
        <Field
          label="Questions"
          field={fields.approvalQuestions}
          hint="One per line, asked on the request and required, like ‘Organism and biosafety level’."
          textareaProps={{ ...getTextareaProps(fields.approvalQuestions), rows: 3, maxLength: MAX_QUESTIONS }}
        />
      </fieldset>
      <StatusFields fields={fields} upcoming={upcoming} />
      <Field
        label="Group of equivalent machines"
        field={fields.equivalentGroup}
        inputProps={{
          ...getInputProps(fields.equivalentGroup, { type: 'text' }),
          maxLength: MAX_EQUIVALENT_GROUP,
        }}
        hint="Machines with the same group, like ‘Prusa printers’, are equivalents: ‘Find the next free time’ on one lists free times on all of them, each with its machine. Empty: none."
      />
      <RulesFields fields={fields} formId={form.id} labMaxUpcoming={labMaxUpcoming} />

      <div className="button-row">
        <Link to="/admin/resources" className="button button-secondary">
          Cancel
        </Link>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : resource ? 'Save resource' : 'Create resource'}
        </button>
      </div>
    </Form>
  );
}

type Fields = ReturnType<typeof useForm<Input>>[1];
type Upcoming = { bookings: readonly TouchedBooking[]; total: number };
const NONE_UPCOMING: Upcoming = { bookings: [], total: 0 };

/** Available or out of service with a reason, and cancelling its upcoming bookings with it. */
function StatusFields({ fields, upcoming }: { fields: Fields; upcoming: Upcoming }) {
  const count = upcoming.total;
  return (
    <>
      <SelectField label="Status" field={fields.status}>
        <option value="available">Available</option>
        <option value="out_of_service">Out of service</option>
      </SelectField>
      <Field
        label="Reason it is out of service"
        field={fields.statusReason}
        inputProps={getInputProps(fields.statusReason, { type: 'text' })}
        hint="Required when out of service; shown on its pages."
      />
      {count ? (
        <div className="field">
          <label className="checkbox">
            <input
              {...getInputProps(fields.alsoCancel, { type: 'checkbox' })}
              aria-describedby={`${fields.alsoCancel.id}-hint`}
            />{' '}
            Also cancel those bookings
          </label>
          <p id={`${fields.alsoCancel.id}-hint`} className="field-hint">
            {`It has ${count} upcoming booking${count === 1 ? '' : 's'}. Out of service, ${count === 1 ? 'its member is' : 'their members are'} e-mailed the reason; tick this to cancel ${count === 1 ? 'it' : 'them'} too.`}
          </p>
          <TouchedBookings
            id={`${fields.alsoCancel.id}-list`}
            title={`What taking it out of service touches (${count}):`}
            bookings={upcoming.bookings}
            total={count}
          />
        </div>
      ) : null}
    </>
  );
}

const number = (field: FieldMetadata<unknown>, min = 0) => ({
  ...getInputProps(field, { type: 'number' }),
  min,
  inputMode: 'numeric' as const,
});

/** The booking rules: slot, lengths, buffer, opening hours, notice, horizon, cutoff, limits. */
function RulesFields({
  fields,
  formId,
  labMaxUpcoming,
}: {
  fields: Fields;
  formId: string;
  labMaxUpcoming: number;
}) {
  return (
    <fieldset className="field rules-fields">
      <legend>Booking rules</legend>
      <SelectField label="Slot length" field={fields.slotMinutes}>
        {SLOT_LENGTHS.map((minutes) => (
          <option key={minutes} value={minutes}>
            {minutes} minutes
          </option>
        ))}
      </SelectField>
      <div className="field-pair">
        <Field
          label="Shortest booking (minutes)"
          field={fields.minMinutes}
          inputProps={number(fields.minMinutes, 1)}
          required
        />
        <Field
          label="Longest booking (minutes)"
          field={fields.maxMinutes}
          inputProps={number(fields.maxMinutes, 1)}
          required
        />
      </div>
      <Field
        label="Buffer after each booking (minutes)"
        field={fields.bufferMinutes}
        inputProps={number(fields.bufferMinutes)}
        hint="Cool-down, cleaning, an autoclave cycle: nobody else may start then."
      />
      <SelectField label="Opening hours" field={fields.hoursMode}>
        <option value="any">Any time</option>
        <option value="weekly">Hours per weekday</option>
      </SelectField>
      <OpeningHoursFields hours={fields.hours} formId={formId} />
      <Field
        label="Notice needed (minutes)"
        field={fields.noticeMinutes}
        inputProps={number(fields.noticeMinutes)}
        hint="How long before its start a booking must be made."
      />
      <Field
        label="How far ahead (days)"
        field={fields.horizonDays}
        inputProps={number(fields.horizonDays, 1)}
        required
      />
      <Field
        label="Cancellation cutoff (minutes)"
        field={fields.cancelCutoffMinutes}
        inputProps={number(fields.cancelCutoffMinutes)}
        hint="Members may cancel until this long before the start."
      />
      <Field
        label="Most upcoming bookings per member"
        field={fields.maxUpcoming}
        inputProps={number(fields.maxUpcoming, 1)}
        hint={`Empty: the lab’s default, ${labMaxUpcoming}.`}
      />
      <Field
        label="Most hours per member per week"
        field={fields.maxWeekHours}
        inputProps={number(fields.maxWeekHours, 1)}
        hint="Monday to Sunday. Empty: no limit."
      />
      <div className="field">
        <label className="checkbox">
          <input
            {...getInputProps(fields.checkIn, { type: 'checkbox' })}
            aria-describedby={`${fields.checkIn.id}-hint`}
          />{' '}
          Check-in required
        </label>
        <p id={`${fields.checkIn.id}-hint`} className="field-hint">
          At the machine, from 15 minutes before the start; unused by the end of the grace, a booking is
          released.
        </p>
      </div>
      <Field
        label="Grace after the start (minutes)"
        field={fields.graceMinutes}
        inputProps={number(fields.graceMinutes, 1)}
        hint="How late after the start a member may check in."
      />
    </fieldset>
  );
}

/** Opening and closing times per weekday, used with 'Hours per weekday'. */
function OpeningHoursFields({ hours, formId }: { hours: Fields['hours']; formId: string }) {
  const days = hours.getFieldset();
  return (
    <fieldset className="field opening-hours">
      <legend>Hours per weekday</legend>
      <p className="field-hint" id={`${formId}-hours-hint`}>
        Used with ‘Hours per weekday’. Leave a day empty to close it; 00:00 as closing time is midnight.
        Dublin time.
      </p>
      {WEEKDAYS.map((day) => {
        const times = days[day].getFieldset();
        return (
          <div className="weekday-hours" key={day}>
            <span className="weekday-name" aria-hidden="true">
              {WEEKDAY_NAMES[day]}
            </span>
            <TimeInput label={`${WEEKDAY_NAMES[day]} opens`} field={times.open} />
            <TimeInput label={`${WEEKDAY_NAMES[day]} closes`} field={times.close} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** A labelled select with its errors tied to it. */
export function SelectField({
  label,
  field,
  hint,
  children,
  selectProps,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  hint?: ReactNode;
  children: ReactNode;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  const { key, ...props } = getSelectProps(field);
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [props['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props} {...selectProps} aria-describedby={describedBy}>
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function TimeInput({ label, field }: { label: string; field: FieldMetadata<unknown> }) {
  const { key, ...props } = getInputProps(field, { type: 'time' });
  return (
    <div className="time-field">
      <label htmlFor={field.id} className="visually-hidden">
        {label}
      </label>
      <input key={key} {...props} title={label} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
