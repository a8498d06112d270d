// /profile's editor: bio, qualifications and images are the fields registration step 2 shares. It
// loads with conform when first shown (profile-details.tsx), not with every view of /profile.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormBanner, ProfileFields } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import { useUploadProgress } from '~/components/lazy-upload-progress';
import type { Profile } from '~/components/profile-details';
import type { ProfileSchema } from '~/lib/schemas';
import type { z } from 'zod';

export function ProfileEditForm({
  member,
  lastResult,
}: {
  member: Profile;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useIsPending();
  const validation = useLazyValidation('ProfileSchema', 'onBlur');
  const upload = useUploadProgress();
  const [form, fields] = useForm<z.input<typeof ProfileSchema>>({
    lastResult,
    defaultValue: {
      username: member.username,
      fullname: member.fullname,
      bio: member.bio,
      qualifications: member.qualifications.length ? member.qualifications : [''],
    },
    ...validation.options,
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      {...validation.formProps}
      {...upload.formProps}
      noValidate
    >
      <FormBanner id={form.errorId} errors={form.errors} />
      <Field
        label="Username"
        field={fields.username}
        inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
      />
      <Field
        label="Full name"
        field={fields.fullname}
        inputProps={{ ...getInputProps(fields.fullname, { type: 'text' }), autoComplete: 'name' }}
      />
      <ProfileFields
        form={form}
        fields={fields}
        avatarHint="Optional: a new picture replaces the current one. At most 5 MB."
      />
      {upload.bar}
      <div className="button-row">
        <Link to="/profile" className="button button-secondary">
          Cancel
        </Link>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </Form>
  );
}
