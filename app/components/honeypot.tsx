import type { HoneypotInputProps } from 'remix-utils/honeypot/server';

/**
 * The honeypot fields of remix-utils (app/.server/honeypot.ts checks them): hidden from people and
 * assistive technology, filled in by form bots. Written here because remix-utils' own component
 * gives the trap field autocomplete="nope", which HTML does not allow.
 */
export function HoneypotInputs({ fields }: { fields: HoneypotInputProps }) {
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = fields;
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: 'none' }} aria-hidden="true">
      <label htmlFor={nameFieldName}>Please leave this field blank</label>
      <input
        id={nameFieldName}
        name={nameFieldName}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>Please leave this field blank</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
