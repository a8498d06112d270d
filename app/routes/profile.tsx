// /profile — the signed-in member's own profile and posts (docs/product.md §2). Signed-in only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  discardUploads,
  FORM_LIMITS,
  formReply,
  fromStore,
  normalizeListField,
  notFound,
  ownDataAvailable,
  ownSettings,
  parseForm,
  prepareImageFields,
  ProfileSchema,
  readForm,
  redirect,
  requireUser,
  store,
  tooLarge,
} from '~/.server';
import { DeletePostLink } from '~/components/delete-post';
import { preloadEditForm, ProfileEditForm, ProfileView } from '~/components/profile-details';
import { PostList } from '~/components/post-list';
import { pageMeta } from '~/lib/meta';
import { writeFailureText } from '~/lib/models';
import { withPostList } from '~/lib/display';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'My Profile', description: 'Your member profile and posts.' });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const member = await fromStore(store.members.byUsername(user.username));
  if (!member) notFound('Member not found');
  const url = new URL(request.url);
  return {
    member: withPostList(member),
    email: user.email,
    editing: url.searchParams.has('edit'),
    updated: url.searchParams.has('updated'),
    listing: url.searchParams.get('listing'),
    ownData: ownDataAvailable,
    settings: await ownSettings(user.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request, FORM_LIMITS.member);
  if (!formData) return tooLarge(FORM_LIMITS.member);
  try {
    const qualificationRows = normalizeListField(formData, 'qualifications');
    const { submission, refused } = parseForm(qualificationRows, ProfileSchema, FORM_LIMITS.member);
    if (refused) return refused;
    // Images are only processed for a real save (not for adding or removing a qualification row).
    if (submission.status !== 'success') return formReply(submission.reply());
    const prepared = await prepareImageFields(formData, ['avatar', 'banner'] as const);
    if (Object.keys(prepared.errors).length) {
      prepared.discardAll();
      return formReply(submission.reply({ fieldErrors: prepared.errors }));
    }
    const { username, fullname, bio, qualifications } = submission.value;
    let outcome: 'saved' | 'username-taken';
    try {
      outcome = await store.profile.update(
        user,
        { username, fullname, bio, qualifications },
        prepared.images,
      );
    } catch (error) {
      return formReply(
        submission.reply({ formErrors: [writeFailureText(error, 'Failed to update profile')] }),
        500,
      );
    }
    if (outcome === 'username-taken')
      return formReply(submission.reply({ fieldErrors: { username: ['Username is already taken'] } }));
    return redirect('/profile?updated=1');
  } finally {
    // Temp upload files go, whatever happened (the stored ones were moved into the store).
    discardUploads(formData);
  }
}

export default function Profile() {
  const { member, email, editing, updated, listing, ownData, settings } = useLoaderData<typeof loader>();
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
              <Link to="/profile?edit" className="button button-small button-secondary" {...preloadEditForm}>
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
        {settings?.removals.length ? (
          <section className="card" aria-labelledby="removed-heading">
            <h2 id="removed-heading">Removed posts</h2>
            <ul className="removals">
              {settings.removals.map((removal) => (
                <li key={removal.id}>
                  An admin removed your post <strong>“{removal.title}”</strong> on {removal.removedOn}.
                  Reason: {removal.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {settings ? (
          <section className="card" aria-labelledby="directory-heading">
            <h2 id="directory-heading">Directory listing</h2>
            {listing ? (
              <p className="form-success" role="status">
                {settings.hidden
                  ? 'You are now hidden from the directory.'
                  : 'You are listed in the directory again.'}
              </p>
            ) : null}
            <p>
              {settings.hidden
                ? 'You are hidden: the members directory, the sitemap and the feeds leave you out, and your profile says you chose not to be listed.'
                : 'You are listed in the members directory, the sitemap and the feeds.'}
            </p>
            <Form method="post" action="/profile/directory">
              <input type="hidden" name="hidden" value={settings.hidden ? '0' : '1'} />
              <button type="submit" className="button button-secondary">
                {settings.hidden ? 'Show me in the directory' : 'Hide me from the directory'}
              </button>
            </Form>
          </section>
        ) : null}
        {ownData ? (
          <section className="card" aria-labelledby="your-data-heading">
            <h2 id="your-data-heading">Your data</h2>
            <p>Your profile, posts (JSON) and every file you uploaded, in one ZIP.</p>
            <a href="/profile/data.zip" download className="button button-secondary">
              Download my data
            </a>
            <p>Deleting your account erases your profile, posts and files for good.</p>
            <Link to="/profile/delete" className="button button-danger">
              Delete my account
            </Link>
          </section>
        ) : null}
      </div>
    </main>
  );
}
