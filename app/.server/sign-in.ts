// Password sign-in with its lock-out (docs/product.md §5, §8), shared by the /login form and
// `POST /api/auth/login`, so both count failures against the same limits.
import type { AppLoadContext } from '@remix-run/node';
import { store } from './store';
import { logAuthEvent } from './auth-log';
import { identity, IdentityError, identityMessage } from './identity';
import type { SignedIn } from './identity/types';
import { attemptAll, clearLimit, LIMITS, loginAddressLimit } from './rate-limit';
import { normalEmail } from '~/lib/email';

export type PasswordSignIn =
  | { ok: true; member: { id: string; username: string }; account: SignedIn }
  | { ok: false; message: string; status: 401 | 403 | 429 };

export async function passwordSignIn(
  email: string,
  password: string,
  context: AppLoadContext,
): Promise<PasswordSignIn> {
  // Failed attempts are limited per account and per address. Each attempt takes its place before
  // the password is checked (rate-limit.ts attempt); one that turns out not to be a failure gives
  // it back, and a right password clears the account's count (docs/product.md §9).
  const accountKey = `login:${normalEmail(email)}`;
  const attempt = await attemptAll([
    { key: accountKey, limit: LIMITS.loginFailuresPerAccount },
    loginAddressLimit(context),
  ]);
  const log = { method: 'password', email, address: context.clientAddress } as const;
  if (!attempt.allowed) {
    logAuthEvent('locked-out', log);
    return {
      ok: false,
      message: identityMessage('login', new IdentityError('too-many-requests')),
      status: 429,
    };
  }
  let account: SignedIn;
  try {
    account = await identity.signInWithPassword(email, password);
  } catch (error) {
    if (error instanceof IdentityError) {
      logAuthEvent('sign-in-failed', { ...log, reason: error.code });
      return { ok: false, message: identityMessage('login', error), status: 401 };
    }
    await attempt.refund();
    throw error;
  }
  // The password was right: not a failure.
  await attempt.refund();
  const member = await store.accounts.memberForIdentity(account);
  // docs/product.md §5: password sign-in needs a member behind the account.
  if (!member) {
    logAuthEvent('sign-in-failed', { ...log, reason: 'no-member' });
    return { ok: false, message: 'Account not found', status: 401 };
  }
  await clearLimit(accountKey);
  // The password was right; an admin has stopped this member signing in (docs/product.md §6).
  if (member.disabled) {
    logAuthEvent('sign-in-failed', { ...log, email: null, member: member.id, reason: 'user-disabled' });
    return {
      ok: false,
      message: identityMessage('login', new IdentityError('user-disabled')),
      status: 403,
    };
  }
  return { ok: true, member, account };
}
