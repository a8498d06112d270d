// Password inputs: apart from the other fields so pages without one (profile, posts) do not ship
// the show/hide toggle and the strength meter.
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { passwordStrength } from '~/lib/password';
import { ErrorList, type InputFieldProps } from './forms';

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

/** A password input; with JavaScript a show/hide toggle and, optionally, the product's strength bar. */
export function PasswordField({
  label,
  field,
  inputProps,
  meter = false,
  autoComplete,
}: Omit<InputFieldProps, 'hint' | 'status'> & { meter?: boolean; autoComplete: string }) {
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
