// Form parts shared by every screen: a labelled field with its errors tied to it
// (aria-describedby), the error banner, and the password field with its JS-only toggle and meter.
import type { FieldMetadata } from '@conform-to/react';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { passwordStrength } from '~/lib/password';

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

/** A password input; with JavaScript a show/hide toggle and, optionally, the SPEC strength bar. */
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
