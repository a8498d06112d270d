// /profile — the signed-in member's own profile and posts (docs/product.md §2). Signed-in only.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  api,
  assertSameOrigin,
  config,
  fromApi,
  prepareImageFields,
  discardUploads,
  FORM_TOO_LARGE,
  requireUser,
  readMemberForm,
} from '~/.server';
import { ErrorList, Field, FormBanner, ImageInput, QualificationRows } from '~/components/forms';
import type { Member } from '~/lib/models';
import { ProfileSchema } from '~/lib/schemas';
import { DeletePostLink } from '~/components/delete-post';
import { Avatar } from '~/components/images';
import { PostList } from '~/components/post-list';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'My Profile', description: 'Your member profile and posts.' });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const member = await fromApi(api.members.byUsername(user.username));
  if (!member) throw new Response('Member not found', { status: 404 });
  const url = new URL(request.url);
  return {
    member,
    email: user.email,
    editing: url.searchParams.has('edit'),
    updated: url.searchParams.has('updated'),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request, config.PUBLIC_URL);
  const user = await requireUser(request);
  const formData = await readMemberForm(request);
  if (!formData) {
    return data({ result: { status: 'error' as const, error: { '': [FORM_TOO_LARGE] } } }, { status: 413 });
  }
  try {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    // Images are only processed for a real save (not for adding or removing a qualification row).
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
    const prepared = await prepareImageFields(formData, ['avatar', 'banner'] as const);
    if (Object.keys(prepared.errors).length) {
      prepared.discardAll();
      return data(
        { result: submission.reply({ fieldErrors: prepared.errors as Record<string, string[]> }) },
        { status: 400 },
      );
    }
    const { username, fullname, bio, qualifications } = submission.value;
    let outcome: 'saved' | 'username-taken';
    try {
      outcome = await api.profile.update(
        user.id,
        { username, fullname, bio, qualifications },
        prepared.images,
      );
    } catch {
      return data(
        { result: submission.reply({ formErrors: ['Failed to update profile'] }) },
        { status: 500 },
      );
    }
    if (outcome === 'username-taken') {
      return data(
        { result: submission.reply({ fieldErrors: { username: ['Username is already taken'] } }) },
        { status: 400 },
      );
    }
    return redirect('/profile?updated=1');
  } finally {
    // Temp upload files go, whatever happened (the stored ones were moved into the store).
    discardUploads(formData);
  }
}

export default function Profile() {
  const { member, email, editing, updated } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const memberId = member.username.toLowerCase();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>My Profile</h1>
      </header>
      <div className="profile-grid">
        <section className="card" aria-labelledby="details-heading">
          <div className="card-heading-row">
            <h2 id="details-heading">Profile Details</h2>
            {!editing ? (
              <Link to="/profile?edit" className="button button-small button-secondary">
                Edit Profile
              </Link>
            ) : null}
          </div>
          {updated && !editing ? (
            <p className="form-success" role="status">
              Profile updated successfully.
            </p>
          ) : null}
          {editing || lastResult ? (
            <ProfileEditForm member={member} lastResult={lastResult} />
          ) : (
            <ProfileView member={member} email={email} />
          )}
        </section>
        <section className="card" aria-labelledby="my-posts-heading">
          <div className="card-heading-row">
            <h2 id="my-posts-heading">My Posts</h2>
            <Link to="/posts/new" className="button button-small">
              Create New Post
            </Link>
          </div>
          <PostList
            posts={member.posts}
            memberId={memberId}
            empty="You have not posted yet."
            extras={(post, title) => (
              <>
                <Link
                  to={`/posts/edit/${post.id}`}
                  className="button button-small button-secondary"
                  aria-label={`Edit ${title}`}
                >
                  Edit
                </Link>
                <DeletePostLink postId={post.id} title={title} />
              </>
            )}
          />
        </section>
      </div>
    </main>
  );
}

function ProfileView({ member, email }: { member: Member; email: string }) {
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

function ProfileEditForm({
  member,
  lastResult,
}: {
  member: Member;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      username: member.username,
      fullname: member.fullname,
      bio: member.bio,
      qualifications: member.qualifications.length ? member.qualifications : [''],
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
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
      <div className="field">
        <label htmlFor={fields.bio.id}>Bio</label>
        <textarea {...getTextareaProps(fields.bio)} rows={5} />
        <ErrorList id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      <QualificationRows form={form} field={fields.qualifications} />
      <ImageInput
        field={fields.avatar}
        label="Avatar"
        chosen={false}
        hint="Optional: a new picture replaces the current one. At most 5 MB."
      />
      <ImageInput
        field={fields.banner}
        label="Banner"
        chosen={false}
        hint="Optional. Recommended size 1200x300 pixels, at most 5 MB."
      />
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
