// /profile/delete — 'Delete my account' (docs/product.md §2): a confirmation step asking for the
// password (or, for a member without one, their username), then everything of theirs is erased.
// `?done=1` is the page after it, for someone no longer signed in. Server half: app/.server/own-data.ts.
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { deleteAccountView, deleteOwnAccount } from '~/.server';
import { DeleteButtons } from '~/components/delete-buttons';
import { Field, FormBanner } from '~/components/forms';
import { PasswordField } from '~/components/password-fields';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Delete My Account',
    description: 'Delete your member account and everything in it.',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has('done')) return { step: 'done' as const };
  return { step: 'confirm' as const, ...(await deleteAccountView(request)) };
}

export const action = ({ request, context }: ActionFunctionArgs) => deleteOwnAccount(request, context);

export default function DeleteAccount() {
  const view = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({ lastResult });
  if (view.step === 'done') {
    return (
      <main id="main" className="page narrow-page">
        <div className="card">
          <h1>Account deleted</h1>
          <p>
            Your profile, posts, files, sessions and sign-in account are gone. Thank you for building with us.
          </p>
          <Link to="/" className="button">
            Back to Home
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page narrow-page">
      <div className="card">
        <h1>Delete my account</h1>
        <p>
          This erases your profile, every post you wrote, every file you uploaded, your sessions and your
          sign-in account. Your old addresses will show “Page Not Found”. It cannot be undone.
        </p>
        <Form method="post" {...getFormProps(form)} noValidate>
          <FormBanner id={form.errorId} errors={form.errors} />
          {view.confirm === 'password' ? (
            <PasswordField
              label="Your password"
              field={fields.confirmation}
              inputProps={getInputProps(fields.confirmation, { type: 'password' })}
              autoComplete="current-password"
            />
          ) : (
            <Field
              label={`Type your username, ${view.username}, to confirm`}
              field={fields.confirmation}
              inputProps={{ ...getInputProps(fields.confirmation, { type: 'text' }), autoComplete: 'off' }}
            />
          )}
          <DeleteButtons cancelTo="/profile" label="Delete my account" />
        </Form>
      </div>
    </main>
  );
}
