// /posts/edit/{postId} — edit an own post (docs/product.md §2). Someone else's id shows the product's banner and
// changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { formReply, loadOwnPost, readValidPost, redirect, requireUser, store } from '~/.server';
import { FormBanner } from '~/components/forms';
import { PostForm } from '~/components/post-form';
import { pageMeta } from '~/lib/meta';
import { writeFailureText } from '~/lib/models';

const LOAD_FAILED = 'Failed to load post. Please try again.';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Edit Post', description: 'Edit your post.' });

export const loader = ({ request, params }: LoaderFunctionArgs) => loadOwnPost(request, params.postId);

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { refused, submission, file } = await readValidPost(request);
  if (refused) return refused;
  const { title, content, starred, removeFile } = submission.value;
  let saved: boolean;
  try {
    saved = await store.ownPosts.update(
      user,
      params.postId ?? '',
      { title, content, starred, removeFile },
      file,
    );
  } catch (error) {
    return formReply(
      submission.reply({ formErrors: [writeFailureText(error, 'Failed to update post')] }),
      500,
    );
  }
  if (!saved) return formReply(submission.reply({ formErrors: [LOAD_FAILED] }), 404);
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
