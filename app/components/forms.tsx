// Form parts shared by every screen: a labelled field with its errors tied to it
// (aria-describedby), the error banner, images and qualification rows. Password inputs are in
// password-fields.tsx.
import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { MAX_QUALIFICATIONS } from '~/lib/limits';
import { ErrorList } from './errors';

export { ErrorList };

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

interface FieldBase {
  label: string;
  field: FieldMetadata<unknown>;
  hint?: ReactNode;
  /** a message shown under the field that is not an error (availability) */
  status?: ReactNode;
  required?: boolean;
}

type Keyed<Attributes> = Attributes & { key?: string | null };
export type InputFieldProps = FieldBase & { inputProps: Keyed<InputHTMLAttributes<HTMLInputElement>> };
type TextareaFieldProps = FieldBase & { textareaProps: Keyed<TextareaHTMLAttributes<HTMLTextAreaElement>> };

/** A one-line input (`inputProps`) or a multi-line one (`textareaProps`), labelled the same way. */
export type FieldProps =
  (InputFieldProps & { textareaProps?: never }) | (TextareaFieldProps & { inputProps?: never });

export function Field({ label, field, inputProps, textareaProps, hint, status, required }: FieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const statusId = status ? `${field.id}-status` : undefined;
  const { key, ...props } = inputProps ?? textareaProps;
  const describedBy = [props['aria-describedby'], hintId, statusId].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-describedby': describedBy, 'aria-required': required || undefined };
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {textareaProps ? (
        <textarea
          key={key ?? undefined}
          {...(props as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...aria}
        />
      ) : (
        <input key={key ?? undefined} {...(props as InputHTMLAttributes<HTMLInputElement>)} {...aria} />
      )}
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
      <Field label="Bio" field={fields.bio} textareaProps={{ ...getTextareaProps(fields.bio), rows: 5 }} />
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
