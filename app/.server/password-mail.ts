// Reset and set-password e-mails (docs/product.md §7 helpers): a code from the identity provider, a link to
// PUBLIC_URL/reset-password?oobCode=CODE, limits per account so nobody is flooded with mail.
import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { EmailRequestSchema } from '~/lib/schemas';
import { store } from './store';
import { logAuthEvent } from './auth-log';
import { formReply, FORM_LIMITS, readForm, tooLarge } from './forms';
import { config } from './config';
import { identity, IdentityError, identityMessage } from './identity';
import type { CodePurpose } from './identity/types';
import { linkMessage, MailError, sendMail } from './mail';
import { hit, LIMITS, mailAddressLimit } from './rate-limit';
import { endAllSessions } from './session';

export class NoMemberError extends Error {}

export async function sendPasswordMail(context: AppLoadContext, email: string, purpose: CodePurpose) {
  // Every request counts, per account and per address (counted before anything is looked up).
  const { key, limit } = mailAddressLimit(context);
  const allowed = (await hit(`mail:${email}`, LIMITS.mailRequestsPerAccount)) && (await hit(key, limit));
  if (!allowed) throw new IdentityError('too-many-requests');
  // docs/product.md §5: the request needs a member with that e-mail.
  if (!(await store.accounts.emailTaken(email))) throw new NoMemberError('Email not found in our system.');
  const member = await store.accounts.memberByEmail(email);
  logAuthEvent('reset-requested', {
    member: member?.id,
    email: member ? null : email,
    address: context.clientAddress,
    purpose,
  });
  const { code, expiresAt } = await identity.issueCode(email, purpose);
  const link = `${config.PUBLIC_URL}/reset-password?${new URLSearchParams({ oobCode: code })}`;
  // A set-password link for an account that has a password lives an hour, like a reset link.
  const lifetime = expiresAt.getTime() - Date.now() > 2 * 60 * 60 * 1000 ? 'seven days' : 'one hour';
  await sendMail(
    purpose === 'reset'
      ? linkMessage({
          to: email,
          subject: 'Reset your password',
          intro:
            'Someone asked to reset the password of your makerspace account. Use the button below to choose a new one. The link works once, for one hour.',
          button: 'Reset password',
          link,
          outro: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        })
      : linkMessage({
          to: email,
          subject: 'Set your password',
          intro: `Use the button below to set the password of your makerspace account. The link works once, for ${lifetime}.`,
          button: 'Set password',
          link,
          outro: 'If you did not ask for this, ignore this e-mail.',
        }),
  );
  return lifetime;
}

/**
 * The action behind /forgot-password and /set-password: validates the e-mail, sends the link and
 * redirects to the page's "sent" state; every failure comes back with docs/product.md §8's text and the
 * e-mail still filled in.
 */
export async function emailRequestAction(request: Request, context: AppLoadContext, purpose: CodePurpose) {
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: EmailRequestSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const email = submission.value.email;
  let lifetime: string;
  try {
    lifetime = await sendPasswordMail(context, email, purpose);
  } catch (error) {
    const message =
      error instanceof NoMemberError
        ? error.message
        : identityMessage(purpose === 'reset' ? 'reset-request' : 'set-password-request', error);
    return formReply(submission.reply({ formErrors: [message] }), error instanceof MailError ? 502 : 400);
  }
  const url = new URL(request.url);
  // The "sent" page says how long the link lasts: a set-password link for an account that already
  // has a password lives an hour, not seven days.
  const lasts = lifetime === 'one hour' ? 'hour' : 'days';
  return redirect(`${url.pathname}?${new URLSearchParams({ sent: '1', email, lasts })}`);
}

/** Sets the new password with the code and signs the member out everywhere (docs/architecture.md §6). */
export async function completePasswordReset(code: string, password: string) {
  const account = await identity.confirmCode(code, password);
  const member = await store.accounts.memberForIdentity(account);
  if (member) await endAllSessions(member.id);
  logAuthEvent('reset-completed', { member: member?.id, email: member ? null : account.email });
  return account.email;
}
