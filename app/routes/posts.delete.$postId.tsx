// /posts/delete/{postId} — the confirmation step for deleting an own post (docs/product.md §2). Without
// JavaScript this page asks; with it, /profile asks with confirm() and posts here directly.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { data, loadOwnPost, redirect, requireUser, store } from '~/.server';
import { DeleteButtons } from '~/components/delete-buttons';
import { FormBanner } from '~/components/forms';
import { DELETE_FAILED, DELETE_QUESTION } from '~/lib/posts';
import { pageMeta } from '~/lib/meta';
import { postTitle } from '~/lib/text';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Delete Post', description: DELETE_QUESTION });

export const loader = ({ request, params }: LoaderFunctionArgs) => loadOwnPost(request, params.postId);

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const deleted = await store.ownPosts.remove(user, params.postId ?? '').catch(() => false);
  if (!deleted) return data({ error: DELETE_FAILED }, { status: 404 });
  return redirect('/profile');
}

export default function DeletePost() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page narrow-page">
      <div className="card">
        {post ? (
          <>
            <h1>{DELETE_QUESTION}</h1>
            <p>
              “{postTitle(post.title)}”{post.file ? ` and its attachment ${post.file.name}` : ''} will be gone
              for good.
            </p>
            <Form method="post">
              <DeleteButtons cancelTo="/profile" label="Delete" />
            </Form>
          </>
        ) : (
          <>
            <h1>Delete Post</h1>
            <FormBanner errors={[DELETE_FAILED]} />
            <Link to="/profile" className="button button-secondary">
              Back to profile
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
