// The page shape shared by /forgot-password and /set-password (docs/product.md §2): an e-mail form, then a
// "sent" state reached by redirect, so it works the same with and without JavaScript.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { EmailRequestSchema } from '~/lib/schemas';
import type { z } from 'zod';
import { useLazyValidation } from './validation';
import { Field, FormBanner } from './forms';
import { useIsPending } from '~/components/pending';

interface Props {
  title: string;
  intro: ReactNode;
  button: string;
  sentTitle: string;
  sentText: ReactNode;
  lastResult?: SubmissionResult<string[]>;
}

export function EmailRequestPage({ title, intro, button, sentTitle, sentText, lastResult }: Props) {
  const [params] = useSearchParams();
  const busy = useIsPending();
  const validation = useLazyValidation('EmailRequestSchema', 'onSubmit');
  const [form, fields] = useForm<z.input<typeof EmailRequestSchema>>({
    lastResult,
    defaultValue: { email: params.get('email') ?? '' },
    ...validation.options,
  });
  const sent = params.get('sent') === '1';
  return (
    <main id="main" className="page auth-page">
      <div className="card auth-card">
        {sent ? (
          <div role="status">
            <h1>{sentTitle}</h1>
            {sentText}
            <p>
              <Link
                to={`/login?${new URLSearchParams({ email: params.get('email') ?? '' })}`}
                className="button"
              >
                Return to Login
              </Link>
            </p>
          </div>
        ) : (
          <>
            <h1>{title}</h1>
            {intro}
            <Form method="post" {...getFormProps(form)} {...validation.formProps} noValidate>
              <FormBanner id={form.errorId} errors={form.errors} />
              <Field
                label="Email"
                field={fields.email}
                inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
              />
              <button type="submit" className="button button-block" disabled={busy}>
                {busy ? 'Sending...' : button}
              </button>
            </Form>
            <p className="form-footer">
              <Link to="/login">Return to Login</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
