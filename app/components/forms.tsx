// Form parts shared by every screen: a labelled field with its errors tied to it
// (aria-describedby), the error banner, and the password field with its JS-only toggle and meter.
import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { useIsPending } from './pending';
import { passwordStrength } from '~/lib/password';
import { MAX_QUALIFICATIONS } from '~/lib/limits';

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The banner above a form for errors that belong to no single field. */
export function FormBanner({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-banner" role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

interface FieldProps {
  label: string;
  field: FieldMetadata<unknown>;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  hint?: ReactNode;
  /** a message shown under the field that is not an error (availability) */
  status?: ReactNode;
  required?: boolean;
}

export function Field({ label, field, inputProps, hint, status, required }: FieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const statusId = status ? `${field.id}-status` : undefined;
  const { key, ...props } = inputProps;
  const describedBy = [props['aria-describedby'], hintId, statusId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        key={key ?? undefined}
        {...props}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {status ? (
        <p id={statusId} className="field-status" aria-live="polite">
          {status}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A password input; with JavaScript a show/hide toggle and, optionally, the product's strength bar. */
/** A new password with the strength meter, then its confirmation (registration and reset). */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: FieldMetadata<string>;
  confirmation: FieldMetadata<string>;
  labels: [string, string];
}) {
  return (
    <>
      <PasswordField
        label={labels[0]}
        field={password}
        inputProps={getInputProps(password, { type: 'password' })}
        autoComplete="new-password"
        meter
      />
      <PasswordField
        label={labels[1]}
        field={confirmation}
        inputProps={getInputProps(confirmation, { type: 'password' })}
        autoComplete="new-password"
      />
    </>
  );
}

export function PasswordField({
  label,
  field,
  inputProps,
  meter = false,
  autoComplete,
}: Omit<FieldProps, 'hint' | 'status'> & { meter?: boolean; autoComplete: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState('');
  const strength = passwordStrength(value);
  const { key, ...props } = inputProps;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <div className="password-row">
        <input
          key={key ?? undefined}
          {...props}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button-small button-secondary"
            aria-controls={field.id}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      {meter && hydrated && value ? (
        <div className="strength" data-level={strength.level}>
          <div className="strength-bar" style={{ width: `${strength.percent}%` }} />
          <span className="strength-label">{strength.label}</span>
        </div>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** An image file input with its hint; `chosen` says an image is already saved for this field. */
export function ImageInput({
  field,
  label,
  chosen,
  hint,
}: {
  field: { id: string; name: string; errorId: string; errors?: string[] };
  label: string;
  chosen: boolean;
  hint: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={[hintId, field.errors ? field.errorId : ''].filter(Boolean).join(' ')}
      />
      <p id={hintId} className="field-hint">
        {hint}
        {chosen ? ' Your image is saved; choose another to replace it.' : ''}
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** docs/product.md §5: up to five qualification rows; one always stays. Add/remove are conform intents: with
 * JavaScript they change the list in place, without it they post and the server re-renders. */
export function QualificationRows({
  form,
  field,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any conform form with a qualifications list
  form: FormMetadata<any, string[]>;
  field: FieldMetadata<(string | undefined)[] | undefined, Record<string, unknown>, string[]>;
}) {
  const rows = field.getFieldList();
  return (
    <fieldset className="field">
      <legend>Qualifications</legend>
      <p className="field-hint">Up to {MAX_QUALIFICATIONS}. The first one is shown as your title.</p>
      {rows.map((row, index) => (
        <div key={row.key} className="list-row">
          <input {...getInputProps(row, { type: 'text' })} aria-label={`Qualification ${index + 1}`} />
          {rows.length > 1 ? (
            <button
              {...form.remove.getButtonProps({ name: field.name, index })}
              className="button button-small button-secondary"
              aria-label={`Remove qualification ${index + 1}`}
            >
              Remove
            </button>
          ) : null}
          <ErrorList id={row.errorId} errors={row.errors} />
        </div>
      ))}
      {rows.length < MAX_QUALIFICATIONS ? (
        <button
          {...form.insert.getButtonProps({ name: field.name })}
          className="button button-small button-secondary"
        >
          Add qualification
        </button>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The member fields registration step 2 and the profile editor share: bio, qualifications, images. */
export function ProfileFields({
  form,
  fields,
  chosen = { avatar: false, banner: false },
  avatarHint,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any conform form with these fields
  form: FormMetadata<any, string[]>;
  fields: {
    bio: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
    qualifications: FieldMetadata<(string | undefined)[] | undefined, Record<string, unknown>, string[]>;
    avatar: FieldMetadata<unknown, Record<string, unknown>, string[]>;
    banner: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  };
  chosen?: { avatar: boolean; banner: boolean };
  avatarHint: string;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={fields.bio.id}>Bio</label>
        <textarea {...getTextareaProps(fields.bio)} rows={5} />
        <ErrorList id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      <QualificationRows form={form} field={fields.qualifications} />
      <ImageInput field={fields.avatar} label="Avatar" chosen={chosen.avatar} hint={avatarHint} />
      <ImageInput
        field={fields.banner}
        label="Banner"
        chosen={chosen.banner}
        hint="Optional. Recommended size 1200x300 pixels, at most 5 MB."
      />
    </>
  );
}

/** The buttons of a confirmation step that deletes something: 'Cancel' goes back, the other submits. */
export function DeleteButtons({ cancelTo, label }: { cancelTo: string; label: string }) {
  const busy = useIsPending();
  return (
    <div className="button-row">
      <Link to={cancelTo} className="button button-secondary">
        Cancel
      </Link>
      <button type="submit" className="button button-danger" disabled={busy}>
        {busy ? 'Deleting...' : label}
      </button>
    </div>
  );
}
