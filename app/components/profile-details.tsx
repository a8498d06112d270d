// The two states of /profile's 'Profile Details' card (docs/product.md §2, §4): the view and the
// editor, whose bio, qualifications and images are the fields registration step 2 shares.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormBanner, ProfileFields } from '~/components/forms';
import { Avatar } from '~/components/images';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import { useUploadProgress } from '~/components/lazy-upload-progress';
import type { Member } from '~/lib/models';
import type { z } from 'zod';

/** The profile's own fields (its posts are listed elsewhere). */
type Profile = Omit<Member, 'posts'>;
import type { ProfileSchema } from '~/lib/schemas';

export function ProfileView({ member, email }: { member: Profile; email: string }) {
  const memberId = member.username.toLowerCase();
  return (
    <>
      <div className="member-card-top">
        <Avatar asset={member.avatar} name={member.fullname} size={96} lazy={false} />
        <div>
          <p className="member-name">{member.fullname}</p>
          <p className="muted">@{member.username}</p>
          <p className="muted">{email}</p>
        </div>
      </div>
      <h3 className="small-heading">Bio</h3>
      <p className="prewrap">{member.bio || 'No bio yet.'}</p>
      <h3 className="small-heading">Qualifications</h3>
      {member.qualifications.length ? (
        <ul className="ticks">
          {member.qualifications.map((qualification) => (
            <li key={qualification}>{qualification}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">None listed.</p>
      )}
      <p>
        <Link to={`/members/${memberId}`}>See your public profile</Link>
      </p>
    </>
  );
}

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
