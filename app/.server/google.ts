// Google sign-in as a server-side OpenID Connect code flow with PKCE, state and nonce
// (docs/architecture.md §2), so it works without JavaScript. The issuer is OIDC_ISSUER_URL (Google's by
// default; tests run a real local issuer). Only a verified e-mail that belongs to a member signs in.
import type { Configuration } from 'openid-client';
import { store } from './store';
import { logAuthEvent } from './auth-log';
import { config } from './config';
import { identity, IdentityError } from './identity';
import { sealedCookie } from './sealed-cookie';
import { normalEmail } from '~/lib/email';

interface Handshake {
  verifier: string;
  state: string;
  nonce: string;
  from: string | null;
}

const handshakeCookie = sealedCookie<Handshake>('__oidc', 10 * 60);
const callbackUrl = `${config.PUBLIC_URL}/auth/google/callback`;

export const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

// openid-client (about 8 MB resident) loads with the first Google sign-in, not with the server.
const oidcClient = () => import('openid-client');

let discovered: Promise<Configuration> | undefined;
function issuer() {
  discovered ??= oidcClient()
    .then((client) =>
      client.discovery(
        new URL(config.OIDC_ISSUER_URL),
        config.GOOGLE_CLIENT_ID!,
        config.GOOGLE_CLIENT_SECRET!,
        undefined,
        {
          // Plain http is only ever a local test issuer.
          execute: config.OIDC_ISSUER_URL.startsWith('http:') ? [client.allowInsecureRequests] : [],
        },
      ),
    )
    .catch((error) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
}

export class GoogleSignInError extends Error {
  /** Which product text /login shows (lib/notices loginErrors). */
  readonly key: 'google-failed' | 'google-disabled';
  constructor(message: string, key: GoogleSignInError['key'] = 'google-failed') {
    super(message);
    this.key = key;
  }
}

/** The issuer's authorization URL and the cookie that remembers this attempt. */
export async function startGoogleSignIn(from: string | null) {
  const [client, oidc] = [await oidcClient(), await issuer()];
  const verifier = client.randomPKCECodeVerifier();
  const handshake: Handshake = { verifier, state: client.randomState(), nonce: client.randomNonce(), from };
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: callbackUrl,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: handshake.state,
    nonce: handshake.nonce,
  });
  return { url: url.href, cookie: await handshakeCookie.write(handshake) };
}

/**
 * Finishes the flow: the member the verified e-mail belongs to (null when none) and where to go
 * next. The identity provider signs in with the issuer's ID token too (Firebase makes an account
 * for it); an account it made for someone who is not a member is deleted again.
 */
export async function finishGoogleSignIn(request: Request, address: string | null = null) {
  const { email, idToken, from } = await verifiedGoogleEmail(request);
  let account: Awaited<ReturnType<typeof identity.signInWithGoogle>>;
  try {
    account = await identity.signInWithGoogle({
      idToken,
      email,
      // Bound by registration or an earlier sign-in; unverified, it finds only that member.
      isMembersAccount: async (uid) =>
        Boolean(await store.accounts.memberForIdentity({ uid, email, emailVerified: false })),
    });
  } catch (error) {
    if (error instanceof IdentityError && error.code === 'user-disabled')
      throw new GoogleSignInError(error.message, 'google-disabled');
    throw error;
  }
  const member = account.uid
    ? await store.accounts.memberForIdentity({ ...account, uid: account.uid, emailVerified: true })
    : await store.accounts.memberByEmail(account.email);
  if (!member) logAuthEvent('sign-in-failed', { method: 'google', email, address, reason: 'no-member' });
  if (!member && account.created && account.uid) await identity.deleteAccount(account.uid);
  if (member?.disabled)
    throw new GoogleSignInError('an admin disabled this member’s sign-in', 'google-disabled');
  return {
    memberId: member?.id ?? null,
    tokens: account.tokens,
    from,
    clearCookie: await handshakeCookie.clear(),
  };
}

async function verifiedGoogleEmail(request: Request) {
  const handshake = await handshakeCookie.read(request);
  if (!handshake) throw new GoogleSignInError('The sign-in attempt expired. Please try again.');
  const [client, oidc] = [await oidcClient(), await issuer()];
  const url = new URL(request.url);
  const tokens = await client.authorizationCodeGrant(oidc, new URL(`${callbackUrl}${url.search}`), {
    pkceCodeVerifier: handshake.verifier,
    expectedState: handshake.state,
    expectedNonce: handshake.nonce,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new GoogleSignInError('The issuer sent no ID token.');
  // Google puts the e-mail in the ID token; other issuers may only give it at the userinfo endpoint.
  const claims = idToken.email ? idToken : await client.fetchUserInfo(oidc, tokens.access_token, idToken.sub);
  if (!claims.email || claims.email_verified !== true) {
    throw new GoogleSignInError('Your Google e-mail is not verified.');
  }
  if (!tokens.id_token) throw new GoogleSignInError('The issuer sent no ID token.');
  return { email: normalEmail(String(claims.email)), idToken: tokens.id_token, from: handshake.from };
}
