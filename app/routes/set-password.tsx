// /set-password — request a set-password link (docs/product.md §2), for members who have no password yet.
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';

import { useActionData, useSearchParams } from '@remix-run/react';
import { emailRequestAction } from '~/.server';
import { EmailRequestPage } from '~/components/email-request';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Set Your Password',
    description: 'Get an e-mail with a link to set your password.',
  });

export const action = ({ request, context }: ActionFunctionArgs) =>
  emailRequestAction(request, context, 'set-password');

export default function SetPassword() {
  const lasts = useSearchParams()[0].get('lasts') === 'hour' ? 'one hour' : 'seven days';
  return (
    <EmailRequestPage
      title="Set Your Password"
      intro={
        <p>
          Enter the e-mail address of your membership and we will send you a link to set your password. If you
          received an earlier link that has expired, request a new one here.
        </p>
      }
      button="Send Link"
      sentTitle="Email Sent"
      sentText={
        <p>
          Check your inbox (and your spam folder) for a link to set your password. It works once, for {lasts}.
        </p>
      }
      lastResult={useActionData<typeof action>()?.result}
    />
  );
}
