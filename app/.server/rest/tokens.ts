// Bearer tokens of /api (docs/api.md "Tokens"). With IDENTITY_PROVIDER=firebase the token is a
// Firebase ID token, checked by firebase-admin with revocation, exactly what the makerspace's
// original backend accepts. With the local provider, `POST /api/auth/login` issues a random token
// kept only as a hash, for 30 days, ended by logout and by a password reset.
import crypto from 'node:crypto';
import { store, type Caller } from '../store';
import { db } from '../db';
import { identity, IdentityError } from '../identity';
import type { SignedIn } from '../identity/types';

const TOKEN_DAYS = 30;
const LOCAL_TOKEN = /^mst_[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer ...` header, if the request has one. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer +([^\s]{1,4096})$/i.exec(request.headers.get('Authorization') ?? '');
  return match ? match[1] : null;
}

/** A new local token for a member. */
export async function issueToken(userId: string) {
  const token = `mst_${crypto.randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  const expiresAt = new Date(now + TOKEN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db
    .insertInto('api_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Removes tokens past their expiry (they are refused anyway). */
export async function sweepExpiredTokens() {
  await db.deleteFrom('api_tokens').where('expires_at', '<=', new Date().toISOString()).execute();
}

/** Ends a local token (logout); Firebase ID tokens simply expire. */
export async function revokeToken(token: string) {
  if (LOCAL_TOKEN.test(token))
    await db.deleteFrom('api_tokens').where('token_hash', '=', hashToken(token)).execute();
}

/**
 * The identity account behind a bearer token, and its member if it has one (an account may exist
 * before its member: sign-up). Null for a malformed, unknown, expired or revoked token.
 */
export async function accountForToken(
  token: string,
): Promise<{ uid: string | null; email: string; member: Caller | null } | null> {
  if (identity.verifyIdToken) {
    let account: SignedIn;
    try {
      account = await identity.verifyIdToken(token);
    } catch (error) {
      if (error instanceof IdentityError) return null;
      throw error;
    }
    const member = await store.accounts.memberForIdentity(account);
    if (member?.disabled) return null;
    return {
      uid: account.uid,
      email: account.email,
      member: member ? { id: member.id, username: member.username, token: null } : null,
    };
  }
  if (!LOCAL_TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['users.id', 'users.username', 'users.email', 'users.identity_uid', 'api_tokens.expires_at'])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= new Date().toISOString()) {
    await revokeToken(token);
    return null;
  }
  return {
    uid: row.identity_uid,
    email: row.email,
    member: { id: row.id, username: row.username, token: null },
  };
}
