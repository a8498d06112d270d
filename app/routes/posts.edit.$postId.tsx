// /posts/edit/{postId} — edit an own post (SPEC 2). Someone else's id shows the SPEC banner and
// changes nothing.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api, assertSameOrigin, config, readPostForm, requireUser } from '~/.server';
import { FormBanner } from '~/components/forms';
import { PostForm } from '~/components/post-form';
import { pageMeta } from '~/lib/meta';

const LOAD_FAILED = 'Failed to load post. Please try again.';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Edit Post', description: 'Edit your post.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const post = await api.ownPosts.find(user.id, params.postId ?? '');
  return data({ post }, { status: post ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request, config.PUBLIC_URL);
  const user = await requireUser(request);
  const form = await readPostForm(request);
  if (form.tooLarge) {
    return data(
      {
        result: {
          status: 'error' as const,
          error: { '': ['The upload is too large. Files can be at most 25 MB.'] },
        },
      },
      { status: 413 },
    );
  }
  const { submission, file, fileError } = form;
  if (submission.status !== 'success' || fileError) {
    file?.discard();
    return data(
      { result: submission.reply(fileError ? { fieldErrors: { attachment: [fileError] } } : undefined) },
      { status: 400 },
    );
  }
  const { title, content, starred, removeFile } = submission.value;
  let saved: boolean;
  try {
    saved = await api.ownPosts.update(
      user.id,
      params.postId ?? '',
      { title, content, starred, removeFile },
      file,
    );
  } catch {
    return data({ result: submission.reply({ formErrors: ['Failed to update post'] }) }, { status: 500 });
  }
  if (!saved) return data({ result: submission.reply({ formErrors: [LOAD_FAILED] }) }, { status: 404 });
  return redirect('/profile');
}

export default function EditPost() {
  const { post } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <main id="main" className="page post-editor">
      <h1>Edit Post</h1>
      {post ? (
        <PostForm
          lastResult={lastResult}
          defaultValue={{ title: post.title, content: post.content, starred: post.starred }}
          existingFile={post.file}
          submitLabel="Save Changes"
          busyLabel="Saving..."
        />
      ) : (
        <>
          <FormBanner errors={[LOAD_FAILED]} />
          <Link to="/profile" className="button button-secondary">
            Back to profile
          </Link>
        </>
      )}
    </main>
  );
}
