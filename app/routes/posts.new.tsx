// /posts/new — create a post (SPEC 2). Signed-in only.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { api, assertSameOrigin, config, readPostForm, requireUser } from '~/.server';
import { PostForm } from '~/components/post-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Create New Post', description: 'Share what you are building at the lab.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
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
  try {
    const { title, content, starred } = submission.value;
    await api.ownPosts.insert(user.id, { title, content, starred }, file);
  } catch {
    return data({ result: submission.reply({ formErrors: ['Failed to create post'] }) }, { status: 500 });
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
