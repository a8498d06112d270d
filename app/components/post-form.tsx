// The create / edit post form (docs/product.md §2). A multipart POST that works without JavaScript; with it,
// a chosen image is previewed before saving and 'Remove File' works in place.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { FileRef } from '~/lib/models';
import type { PostSchema } from '~/lib/schemas';
import type { z } from 'zod';
import { ErrorList, Field, FormBanner } from './forms';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from './validation';
import { useUploadProgress } from '~/components/lazy-upload-progress';

interface Props {
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: { title: string; content: string; starred: boolean };
  existingFile?: FileRef | null;
  submitLabel: string;
  busyLabel: string;
}

export function PostForm({ lastResult, defaultValue, existingFile = null, submitLabel, busyLabel }: Props) {
  const hydrated = useHydrated();
  const busy = useIsPending();
  const validation = useLazyValidation('PostSchema', 'onSubmit');
  const upload = useUploadProgress();
  const [form, fields] = useForm<z.input<typeof PostSchema>>({
    lastResult,
    defaultValue,
    ...validation.options,
  });
  // docs/product.md §4: editing any field clears the error banner.
  const [showBanner, setShowBanner] = useState(true);
  useEffect(() => setShowBanner(true), [lastResult]);

  const [chosen, setChosen] = useState<{ name: string; url: string | null } | null>(null);
  const [removed, setRemoved] = useState(false);
  useEffect(() => () => (chosen?.url ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setChosen(
      file
        ? { name: file.name, url: file.type.startsWith('image/') ? URL.createObjectURL(file) : null }
        : null,
    );
  }
  const shownExisting = existingFile && !removed && !chosen ? existingFile : null;
  const hintId = `${fields.attachment.id}-hint`;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...validation.formProps}
      {...upload.formProps}
      noValidate
      onInput={() => setShowBanner(false)}
    >
      {showBanner ? <FormBanner id={form.errorId} errors={form.errors} /> : null}
      <Field
        label="Title"
        field={fields.title}
        inputProps={{ ...getInputProps(fields.title, { type: 'text' }), placeholder: 'Enter post title' }}
        required
      />
      <Field
        label="Content"
        field={fields.content}
        textareaProps={{
          ...getTextareaProps(fields.content),
          placeholder: 'Write your post content here...',
          className: 'post-textarea',
        }}
      />
      <div className="field">
        <span className="field-label" id={`${fields.attachment.id}-label`}>
          Attachment
        </span>
        <label htmlFor={fields.attachment.id} className="upload-area">
          <span className="upload-preview" aria-live="polite">
            {chosen?.url ? (
              // A file that does not decode as an image (an HTML page named .png) shows its name.
              <img
                src={chosen.url}
                alt={`Preview of ${chosen.name}`}
                onError={() => setChosen({ name: chosen.name, url: null })}
              />
            ) : chosen ? (
              <span className="file-name">{chosen.name}</span>
            ) : shownExisting?.mime_type.startsWith('image/') ? (
              <img src={`/assets/${shownExisting.id}`} alt={`Current attachment ${shownExisting.name}`} />
            ) : shownExisting ? (
              <span className="file-name">{shownExisting.name}</span>
            ) : (
              <span>Click to upload a file</span>
            )}
          </span>
          <input
            id={fields.attachment.id}
            name={fields.attachment.name}
            type="file"
            className="upload-input"
            onChange={choose}
            aria-labelledby={`${fields.attachment.id}-label`}
            aria-describedby={[hintId, fields.attachment.errors ? fields.attachment.errorId : '']
              .filter(Boolean)
              .join(' ')}
            aria-invalid={fields.attachment.errors ? true : undefined}
          />
        </label>
        <p id={hintId} className="field-hint">
          Optional. Any file up to 25 MB; images show a preview. Choosing a new file replaces the current one.
        </p>
        <ErrorList id={fields.attachment.errorId} errors={fields.attachment.errors} />
        {existingFile && !removed ? (
          hydrated ? (
            <button type="button" className="link-button" onClick={() => setRemoved(true)}>
              Remove File
            </button>
          ) : (
            <label className="checkbox">
              <input type="checkbox" name={fields.removeFile.name} value="on" /> Remove File
            </label>
          )
        ) : null}
        {removed ? <input type="hidden" name={fields.removeFile.name} value="on" /> : null}
      </div>
      <div className="field">
        <label className="checkbox">
          <input {...getInputProps(fields.starred, { type: 'checkbox' })} /> Feature this post (mark as
          important)
        </label>
      </div>
      {upload.bar}
      <div className="button-row">
        {busy ? (
          <span className="button button-secondary" aria-disabled="true">
            Cancel
          </span>
        ) : (
          <Link to="/profile" className="button button-secondary">
            Cancel
          </Link>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
