// /reset-password?oobCode=… — set a new password with the code from the e-mail (docs/product.md §2, 4).
// Opening the link moves the code into a cookie for this page and shows the bare address; the form
// posts back there. Never in a hidden field. Success redirects to ?done={sealed e-mail}: the success view.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, HeadersFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  completePasswordReset,
  data,
  FORM_LIMITS,
  formReply,
  identity,
  IdentityError,
  identityMessage,
  moveResetCodeToCookie,
  parseWithZod,
  readForm,
  resetCode,
  resetDone,
  resetDoneEmail,
  ResetPasswordSchema,
  SECRET_PAGE_CACHE,
  tooLarge,
} from '~/.server';
import { FormBanner } from '~/components/forms';
import { NewPasswordFields } from '~/components/password-fields';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import { TimedRedirect } from '~/components/timed-redirect';
import { pageMeta } from '~/lib/meta';
import type { z } from 'zod';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Reset Your Password',
    description: 'Choose a new password for your member account.',
  });

/** Checks the code first (docs/product.md §4: verifying, then the form or the invalid view). */
async function checkCode(
  code: string | null,
): Promise<{ valid: true; email: string } | { valid: false; message: string }> {
  if (!code) return { valid: false, message: identityMessage('reset', new IdentityError('missing-code')) };
  try {
    return { valid: true, email: await identity.verifyCode(code) };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    return { valid: false, message: identityMessage('reset', error) };
  }
}

/** The reset code was in this page's address: no other site gets it as a referrer. ('no-referrer'
 * would also make the browser send 'Origin: null' with the form, which the server refuses.) */
export const headers: HeadersFunction = () => ({ 'Referrer-Policy': 'same-origin', ...SECRET_PAGE_CACHE });

export async function loader({ request }: LoaderFunctionArgs) {
  const done = resetDoneEmail(request);
  if (done) return { state: { done } };
  const moved = await moveResetCodeToCookie(request);
  if (moved) return moved;
  return { state: await checkCode(await resetCode(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const code = await resetCode(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  const hidden = { hideFields: ['password', 'confirmPassword'] };
  if (submission.status !== 'success') return formReply(submission.reply(hidden));
  try {
    return resetDone(await completePasswordReset(code ?? '', submission.value.password));
  } catch (error) {
    // A code that no longer works shows the invalid-link view, not an error on the form.
    if (error instanceof IdentityError && error.code !== 'weak-password')
      return data({ invalid: identityMessage('reset', error) }, { status: 400 });
    const message = identityMessage('reset', error);
    const fieldErrors = error instanceof IdentityError ? { password: [message] } : undefined;
    return formReply(
      submission.reply({ ...hidden, ...(fieldErrors ? { fieldErrors } : { formErrors: [message] }) }),
    );
  }
}

export default function ResetPassword() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // One view per outcome: the password reset, the code no longer valid, or the form (with its errors).
  const state =
    actionData && 'invalid' in actionData
      ? { valid: false as const, message: actionData.invalid }
      : loaderData.state;
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;
  return (
    <main id="main" className="page auth-page">
      <div className="card auth-card">
        {'done' in state ? (
          <Done email={state.done} />
        ) : state.valid ? (
          <ResetForm lastResult={lastResult} />
        ) : (
          <Invalid message={state.message} />
        )}
      </div>
    </main>
  );
}

function ResetForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useIsPending();
  const validation = useLazyValidation('ResetPasswordSchema', 'onSubmit');
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({
    lastResult,
    ...validation.options,
  });
  return (
    <>
      <h1>Reset Your Password</h1>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
        <FormBanner id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.confirmPassword}
          labels={['New password', 'Confirm new password']}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Saving...' : 'Reset Password'}
        </button>
      </Form>
    </>
  );
}

function Invalid({ message }: { message: string }) {
  return (
    <div role="alert">
      <h1>Invalid or Expired Link</h1>
      <p>{message}</p>
      <p className="button-row">
        <Link to="/forgot-password" className="button">
          Request New Reset Link
        </Link>
        <Link to="/login" className="button button-secondary">
          Return to Login
        </Link>
      </p>
    </div>
  );
}

function Done({ email }: { email: string }) {
  return (
    <TimedRedirect
      to={`/login?${new URLSearchParams({ email, notice: 'password-reset' })}`}
      seconds={3}
      title="Password Reset Successfully"
      link="Return to Login"
    >
      <p>You can now sign in with your new password. Taking you there...</p>
    </TimedRedirect>
  );
}
