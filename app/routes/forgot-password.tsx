// /forgot-password — request a password-reset e-mail (docs/product.md §2).
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';

import { useActionData } from '@remix-run/react';
import { emailRequestAction } from '~/.server';
import { EmailRequestPage } from '~/components/email-request';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Reset Password',
    description: 'Get an e-mail with a link to reset your password.',
  });

export const action = ({ request, context }: ActionFunctionArgs) =>
  emailRequestAction(request, context, 'reset');

export default function ForgotPassword() {
  return (
    <EmailRequestPage
      title="Reset Password"
      intro={
        <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      }
      button="Send Reset Link"
      sentTitle="Password Reset Email Sent"
      sentText={
        <>
          <p>Check your inbox for a link to reset your password. It works once, for one hour.</p>
          <p className="muted">Nothing there after a few minutes? Check your spam folder.</p>
        </>
      }
      lastResult={useActionData<typeof action>()?.result}
    />
  );
}
