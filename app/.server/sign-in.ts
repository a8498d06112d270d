// Password sign-in with its lock-out (docs/product.md §5, §8), shared by the /login form and
// `POST /api/auth/login`, so both count failures against the same limits.
import type { AppLoadContext } from '@remix-run/node';
import { api } from './api';
import { identity, IdentityError, identityMessage } from './identity';
import type { SignedIn } from './identity/types';
import { clearLimit, hit, isLimited, LIMITS } from './rate-limit';
import { rateLimitAddress } from './security';

export type PasswordSignIn =
  | { ok: true; member: { id: string; username: string }; account: SignedIn }
  | { ok: false; message: string; status: 401 | 403 | 429 };

export async function passwordSignIn(
  email: string,
  password: string,
  context: AppLoadContext,
): Promise<PasswordSignIn> {
  // Failed attempts are limited per account and per address.
  const address = rateLimitAddress(context);
  const keys = [
    { key: `login:${email.toLowerCase()}`, limit: LIMITS.loginFailuresPerAccount },
    ...(address ? [{ key: `login-ip:${address}`, limit: LIMITS.loginFailuresPerAddress }] : []),
  ];
  for (const { key, limit } of keys) {
    if (await isLimited(key, limit))
      return {
        ok: false,
        message: identityMessage('login', new IdentityError('too-many-requests')),
        status: 429,
      };
  }
  try {
    const account = await identity.signInWithPassword(email, password);
    const member = await api.accounts.memberForIdentity(account);
    // docs/product.md §5: password sign-in needs a member behind the account.
    if (!member) return { ok: false, message: 'Account not found', status: 401 };
    await clearLimit(keys[0].key);
    // The password was right; an admin has stopped this member signing in (docs/product.md §6).
    if (member.disabled)
      return {
        ok: false,
        message: identityMessage('login', new IdentityError('user-disabled')),
        status: 403,
      };
    return { ok: true, member, account };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    for (const { key, limit } of keys) await hit(key, limit);
    return { ok: false, message: identityMessage('login', error), status: 401 };
  }
}
