// /admin/posts/{postId}/remove — an admin removes anyone's post with a reason, which its author
// then reads on their profile (docs/product.md §2). Admins only; the post pages link here for them.
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import {
  admin,
  FORM_LIMITS,
  formReply,
  notFound,
  parseWithZod,
  PostRemovalSchema,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
} from '~/.server';
import { DeleteButtons } from '~/components/delete-buttons';
import { Field, FormBanner } from '~/components/forms';
import { useLazyValidation } from '~/components/validation';
import { longDate } from '~/lib/dates';
import { pageMeta } from '~/lib/meta';
import { POST_REMOVAL_REASON_MAX } from '~/lib/limits';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Remove Post', description: 'Remove a member’s post and tell them why.' });

async function target(request: Request, postId: string | undefined) {
  const user = await requireAdmin(request);
  const post = await admin.posts.toRemove(postId ?? '');
  if (!post) notFound();
  return { user, post };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { post } = await target(request, params.postId);
  return { post };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, post } = await target(request, params.postId);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: PostRemovalSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  // Another admin may have removed it in the meantime: the 404 page says it is gone.
  if (!(await admin.posts.remove(post.id, submission.value.reason, user))) notFound();
  return redirect('/admin/log?done=post-removed');
}

export default function RemovePost() {
  const { post } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  // Checked in the browser once the schema has loaded; until then only on submit. Re-checking on blur
  // through the server sent a validate submission as the reason field lost focus to the button,
  // and the button, pending, swallowed the click.
  const validation = useLazyValidation('PostRemovalSchema', 'onSubmit');
  const [form, fields] = useForm({ lastResult, ...validation.options });
  const postUrl = `/posts/${post.username.toLowerCase()}/${post.slug}`;
  return (
    <div className="card narrow-card">
      <h1>Remove this post?</h1>
      <p>
        <strong>“{post.title}”</strong> by {post.fullname} (@{post.username}), posted{' '}
        {longDate(post.created_at)}. The post and its attachment are erased for good; {post.fullname} sees the
        reason on their profile, and the audit log keeps it too.
      </p>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
        <FormBanner id={form.errorId} errors={form.errors} />
        <Field
          label="Reason"
          field={fields.reason}
          textareaProps={{ ...getTextareaProps(fields.reason), rows: 4, maxLength: POST_REMOVAL_REASON_MAX }}
          required
        />
        <DeleteButtons cancelTo={postUrl} label="Remove post" />
      </Form>
    </div>
  );
}
