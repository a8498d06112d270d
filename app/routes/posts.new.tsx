// /posts/new — create a post (docs/product.md §2). Signed-in only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { formReply, readValidPost, redirect, requireUser, store } from '~/.server';
import { PostForm } from '~/components/post-form';
import { pageMeta } from '~/lib/meta';
import { writeFailureText } from '~/lib/models';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Create New Post', description: 'Share what you are building at the lab.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { refused, submission, file } = await readValidPost(request);
  if (refused) return refused;
  try {
    const { title, content, starred } = submission.value;
    await store.ownPosts.insert(user, { title, content, starred }, file);
  } catch (error) {
    return formReply(
      submission.reply({ formErrors: [writeFailureText(error, 'Failed to create post')] }),
      500,
    );
  }
  return redirect('/profile');
}

export default function NewPost() {
  return (
    <main id="main" className="page post-editor">
      <h1>Create New Post</h1>
      <PostForm
        lastResult={useActionData<typeof action>()?.result}
        submitLabel="Create Post"
        busyLabel="Creating..."
      />
    </main>
  );
}
