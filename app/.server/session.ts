// Signed-in state (docs/architecture.md §6): an HTTP-only cookie carries a random session id; the session is a
// row, so logging out or resetting a password really ends it. 30-day rolling expiry, and at most 30 days
// from sign-in (lib/sessions).
import crypto from 'node:crypto';
import { createCookie, redirect } from '@remix-run/node';
import { config } from './config';
import { db } from './db';
import { identity, IdentityError } from './identity';
import type { ProviderTokens } from './identity/types';
import type { Role } from './db/schema';
import { sealer } from './sealed-cookie';
import { safeRedirectPath } from '~/lib/redirects';
import { SESSION_DAYS, sessionCookieName, sessionEnded } from '~/lib/sessions';
import { DAY_MS } from '~/lib/time-units';

const sessionCookie = createCookie(sessionCookieName(config.PUBLIC_URL), {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: config.PUBLIC_URL.startsWith('https:'),
  secrets: [config.SESSION_SECRET],
  maxAge: SESSION_DAYS * 24 * 60 * 60,
});

export interface SessionUser {
  id: string;
  username: string;
  fullname: string;
  email: string;
  avatarId: string | null;
  role: Role;
  /** the bearer token an upstream backend takes for this member's writes (null: embedded store) */
  token: string | null;
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The signed-in member, or null (docs/product.md §4 'verify'): an expired or deleted session is signed out. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const id = await sessionIdFrom(request);
  if (!id) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.expires_at',
      'sessions.created_at',
      'sessions.checked_at',
      'users.identity_uid',
      'users.id',
      'users.username',
      'users.fullname',
      'users.email',
      'users.avatar_id',
      'users.role',
      'sessions.id_token',
      'sessions.id_token_expires_at',
      'sessions.refresh_token',
    ])
    .where('sessions.id', '=', id)
    // An admin disabled them: their sessions were deleted then; this covers one that raced it.
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (sessionEnded({ createdAt: row.created_at, expiresAt: row.expires_at }, now)) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (!(await accountStillValid(id, row))) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  const token = await backendToken(id, row);
  if (token === undefined) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  // Rolling expiry, written at most once a day.
  if (new Date(row.expires_at).getTime() - now < (SESSION_DAYS - 1) * DAY_MS) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(now + SESSION_DAYS * DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return {
    id: row.id,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    avatarId: row.avatar_id,
    role: row.role,
    token,
  };
}

/** A backend ID token is renewed when it has less than this left (docs/api.md). */
const RENEW_BEFORE_MS = 5 * 60 * 1000;
const refreshSealer = sealer<string>('session-refresh-token');

/**
 * The ID token an upstream backend takes for this session (API_URL), renewed through the
 * provider when it is within five minutes of expiry: null when the session holds none (embedded
 * store), undefined when the provider refused the refresh (the session ends). If the provider
 * cannot be reached the session keeps its old token and asks again on the next request.
 */
async function backendToken(
  sessionId: string,
  row: { id_token: string | null; id_token_expires_at: string | null; refresh_token: string | null },
): Promise<string | null | undefined> {
  // In front of a backend, a session without tokens could read but never write: it ends.
  if (!row.id_token || !row.refresh_token) return config.API_URL ? undefined : null;
  const expiresAt = Date.parse(row.id_token_expires_at ?? '') || 0;
  if (expiresAt - Date.now() > RENEW_BEFORE_MS) return row.id_token;
  const refreshToken = refreshSealer.open(row.refresh_token);
  if (!refreshToken || !identity.refreshTokens) return undefined;
  try {
    const tokens = await identity.refreshTokens(refreshToken);
    await db.updateTable('sessions').set(sessionTokens(tokens)).where('id', '=', sessionId).execute();
    return tokens.idToken;
  } catch (error) {
    if (error instanceof IdentityError) return undefined;
    // The provider is unreachable: keep the session (pages still read) and try again next time.
    console.error('Could not renew the backend token:', (error as Error).message);
    return row.id_token;
  }
}

/** The session columns for a provider's tokens, the refresh token sealed. */
const sessionTokens = (tokens: ProviderTokens) => ({
  id_token: tokens.idToken,
  id_token_expires_at: tokens.expiresAt.toISOString(),
  refresh_token: refreshSealer.seal(tokens.refreshToken),
});

/**
 * docs/product.md §8: the provider signs a member out when the account is disabled or its tokens revoked. For a
 * provider that keeps accounts elsewhere (Firebase), each session asks it again once
 * IDENTITY_RECHECK_SECONDS (at most five minutes) have passed. If the provider cannot be reached
 * the session is kept and asked again after the next interval: an outage should not sign everyone out.
 */
async function accountStillValid(
  sessionId: string,
  row: { created_at: string; checked_at: string | null; identity_uid: string | null; email: string },
) {
  if (!identity.sessionStillValid) return true;
  const due = Date.now() - config.IDENTITY_RECHECK_SECONDS * 1000;
  if (row.checked_at && new Date(row.checked_at).getTime() > due) return true;
  try {
    const valid = await identity.sessionStillValid(
      { uid: row.identity_uid, email: row.email },
      new Date(row.created_at),
    );
    if (!valid) return false;
  } catch (error) {
    console.error('Could not check the session with the identity provider:', (error as Error).message);
  }
  await db
    .updateTable('sessions')
    .set({ checked_at: new Date().toISOString() })
    .where('id', '=', sessionId)
    .execute();
  return true;
}

/** The signed-in member; a visitor is sent to /login carrying the requested path as `from`. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ from: url.pathname + url.search })}`);
}

/**
 * Starts a session and redirects to `redirectTo` (only same-site paths are honoured). With a
 * upstream backend (API_URL) the session keeps the provider's tokens for its calls.
 */
export async function startSession(userId: string, redirectTo: string | null, tokens?: ProviderTokens) {
  const id = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      expires_at: new Date(now + SESSION_DAYS * DAY_MS).toISOString(),
      created_at: new Date(now).toISOString(),
      // Signing in just proved the account is good.
      checked_at: new Date(now).toISOString(),
      ...(config.API_URL && tokens ? sessionTokens(tokens) : {}),
    })
    .execute();
  return redirect(safeRedirectPath(redirectTo, '/profile'), {
    headers: { 'Set-Cookie': await sessionCookie.serialize(id) },
  });
}

/** Ends this session and clears the cookie. */
export async function signOut(request: Request, redirectTo = '/login') {
  const id = await sessionIdFrom(request);
  if (id) await db.deleteFrom('sessions').where('id', '=', id).execute();
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) },
  });
}

/** Ends every session and API token of a member (after a password reset). */
export async function endAllSessions(userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}
