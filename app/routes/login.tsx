// /login — sign in (docs/product.md §2). A plain POST form; with JavaScript the password can be shown.
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  FORM_LIMITS,
  formReply,
  getUser,
  googleEnabled,
  LoginSchema,
  parseWithZod,
  passwordSignIn,
  readForm,
  redirect,
  startSession,
  tooLarge,
} from '~/.server';
import { Field, FormBanner } from '~/components/forms';
import { PasswordField } from '~/components/password-fields';
import { useIsPending } from '~/components/pending';
import { useLazyValidation } from '~/components/validation';
import { pageMeta } from '~/lib/meta';
import { loginErrorText, noticeText } from '~/lib/notices';
import { safeRedirectPath } from '~/lib/redirects';
import type { z } from 'zod';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Sign In',
    description: 'Sign in to your member account at our Dublin makerspace.',
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const from = safeRedirectPath(url.searchParams.get('from'), '/profile');
  if (await getUser(request)) throw redirect(from);
  return {
    email: url.searchParams.get('email')?.slice(0, 254) ?? '',
    notice: noticeText(url.searchParams.get('notice')),
    error: loginErrorText(url.searchParams.get('error')),
    from,
    googleEnabled,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== 'success') return formReply(submission.reply({ hideFields: ['password'] }));
  const { email, password, from } = submission.value;
  const fail = (message: string, status = 400) =>
    formReply(submission.reply({ formErrors: [message], hideFields: ['password'] }), status);

  const signedIn = await passwordSignIn(email, password, context);
  if (!signedIn.ok) return fail(signedIn.message, signedIn.status === 429 ? 429 : 400);
  return startSession(signedIn.member.id, from ?? null, signedIn.account.tokens);
}

export default function Login() {
  const { email, notice, error, from, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const busy = useIsPending();
  const validation = useLazyValidation('LoginSchema', 'onSubmit');
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    lastResult,
    defaultValue: { email, from },
    ...validation.options,
  });
  return (
    <main id="main" className="page auth-page">
      <div className="card auth-card">
        <h1>Sign In</h1>
        {notice ? (
          <p className="form-success" role="status">
            {notice}
          </p>
        ) : null}
        {error ? <FormBanner errors={[error]} /> : null}
        {googleEnabled ? (
          <>
            {/* A link, not a form: the flow starts with a plain navigation to the issuer. */}
            <a
              href={`/auth/google?${new URLSearchParams({ from })}`}
              className="button button-secondary button-block"
            >
              Sign in with Google
            </a>
            <p className="divider">
              <span>or</span>
            </p>
          </>
        ) : null}
        <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
          <FormBanner id={form.errorId} errors={form.errors} />
          <input {...getInputProps(fields.from, { type: 'hidden' })} />
          <Field
            label="Email"
            field={fields.email}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          />
          <PasswordField
            label="Password"
            field={fields.password}
            inputProps={getInputProps(fields.password, { type: 'password' })}
            autoComplete="current-password"
          />
          <p className="form-links">
            <Link to="/forgot-password">Forgot your password?</Link>
          </p>
          <button type="submit" className="button button-block" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </Form>
        <p className="form-footer">
          New here? <Link to="/register">Register with an invite key</Link>
        </p>
      </div>
    </main>
  );
}
