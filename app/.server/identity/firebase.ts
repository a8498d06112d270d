// The Firebase Authentication provider (IDENTITY_PROVIDER=firebase): the makerspace's existing
// members keep their Firebase accounts. Account management goes through firebase-admin; what the
// admin SDK cannot do (password sign-in, checking and using reset codes, Google sign-in with an ID
// token) through the Identity Toolkit REST API. Nothing runs in the browser: our own pages and
// e-mails drive every flow, so they all work without JavaScript. With FIREBASE_AUTH_EMULATOR_HOST
// set, both talk to the Auth emulator (firebase-admin reads that variable itself).
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Kysely } from 'kysely';
import type { FirebaseSettings } from '../config';
import type { Database } from '../db/schema';
import { firebaseError } from './errors';
import { issuedCodes } from './issued-codes';
import { IdentityError, type IdentityProvider, type ProviderTokens } from './types';

interface RestError {
  error?: { message?: string };
}

/** What the REST API answers with `returnSecureToken: true`. */
interface TokenAnswer {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

const tokensOf = (answer: TokenAnswer): ProviderTokens => ({
  idToken: answer.idToken,
  refreshToken: answer.refreshToken,
  expiresAt: new Date(Date.now() + Number(answer.expiresIn) * 1000),
});

/** The code firebase-admin put on an error (`auth/user-not-found` ...), if it is one of its. */
function adminCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/** Runs an admin call, turning Firebase's errors into IdentityErrors from the seam's one table. */
async function admin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = adminCode(error);
    if (code) throw firebaseError(code, (error as Error).message);
    throw error;
  }
}

export async function createFirebaseProvider(
  settings: FirebaseSettings,
  publicUrl: string,
  db: Kysely<Database>,
) {
  // Loaded only here, so a site on the local provider never loads the Firebase SDK.
  const { cert, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app: App = initializeApp(
    {
      projectId: settings.projectId,
      ...(settings.serviceAccount
        ? {
            credential: cert({
              projectId: settings.serviceAccount.project_id,
              clientEmail: settings.serviceAccount.client_email,
              privateKey: settings.serviceAccount.private_key,
            }),
          }
        : {}),
    },
    `makerspace-${Date.now()}`,
  );
  const auth: Auth = getAuth(app);
  const codes = issuedCodes(db);
  const restBase = settings.emulatorHost
    ? `http://${settings.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';
  const secureTokenBase = settings.emulatorHost
    ? `http://${settings.emulatorHost}/securetoken.googleapis.com/v1`
    : 'https://securetoken.googleapis.com/v1';

  /** One Identity Toolkit call; its error message (e.g. 'EMAIL_NOT_FOUND') becomes an IdentityError. */
  async function rest<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${restBase}/${method}?key=${encodeURIComponent(settings.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await response.json().catch(() => ({}))) as T & RestError;
    if (!response.ok) {
      const message = json.error?.message ?? `HTTP ${response.status}`;
      throw firebaseError(message, `${method}: ${message}`);
    }
    return json;
  }

  async function accountByEmail(email: string) {
    try {
      return await admin(() => auth.getUserByEmail(email.trim().toLowerCase()));
    } catch (error) {
      if (error instanceof IdentityError && error.code === 'user-not-found') return null;
      throw error;
    }
  }

  const provider: IdentityProvider & { close(): Promise<void> } = {
    async createAccount(email, password) {
      // Through the REST API, as the makerspace's app signs up: it answers the new account's tokens.
      const result = await rest<TokenAnswer & { localId: string }>('accounts:signUp', {
        email: email.trim().toLowerCase(),
        password,
        returnSecureToken: true,
      });
      return { uid: result.localId, tokens: tokensOf(result) };
    },

    async signInWithPassword(email, password) {
      const result = await rest<TokenAnswer & { localId: string; email: string }>(
        'accounts:signInWithPassword',
        { email: email.trim(), password, returnSecureToken: true },
      );
      // The ID token is checked like any other: signed by Firebase (not in the emulator, whose
      // tokens are unsigned) and not revoked.
      const decoded = await admin(() => auth.verifyIdToken(result.idToken, true));
      return {
        uid: result.localId,
        email: result.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        tokens: tokensOf(result),
      };
    },

    async refreshTokens(refreshToken) {
      const response = await fetch(`${secureTokenBase}/token?key=${encodeURIComponent(settings.apiKey)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await response.json().catch(() => ({}))) as RestError & {
        id_token?: string;
        refresh_token?: string;
        expires_in?: string;
      };
      if (!response.ok || !json.id_token || !json.refresh_token) {
        const message = json.error?.message ?? `HTTP ${response.status}`;
        // Any refusal ends the session; only a server error is worth trying again.
        if (response.status >= 500) throw new Error(`securetoken: ${message}`);
        throw new IdentityError('user-disabled', `securetoken: ${message}`);
      }
      return {
        idToken: json.id_token,
        refreshToken: json.refresh_token,
        expiresAt: new Date(Date.now() + Number(json.expires_in ?? 3600) * 1000),
      };
    },

    async verifyIdToken(token) {
      const decoded = await admin(() => auth.verifyIdToken(token, true));
      if (!decoded.email) throw new IdentityError('user-not-found', 'The token names no e-mail');
      return {
        uid: decoded.uid,
        email: decoded.email.toLowerCase(),
        emailVerified: decoded.email_verified === true,
      };
    },

    async findAccount(email) {
      const user = await accountByEmail(email);
      return user ? { uid: user.uid } : null;
    },

    async issueCode(email, purpose) {
      const normalized = email.trim().toLowerCase();
      // Members made by an import or the seed may have no Firebase account yet: make one with no
      // password, which the set-password link then gives it.
      let user = await accountByEmail(normalized);
      if (!user && purpose === 'set-password') {
        user = await admin(() => auth.createUser({ email: normalized }));
      }
      if (!user) throw new IdentityError('user-not-found');
      const link = await admin(() => auth.generatePasswordResetLink(normalized));
      // Firebase's link goes to its own action page; we mail a link to ours with the same code.
      const code = new URL(link).searchParams.get('oobCode');
      if (!code) throw new IdentityError('internal', 'Firebase returned a reset link without a code');
      // Firebase's password-reset codes last an hour, whichever page we mail them for.
      const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
      await codes.record(code, { uid: user.uid, email: normalized, purpose, expiresAt });
      return { code, expiresAt };
    },

    async verifyCode(code) {
      await codes.open(code);
      const result = await rest<{ email: string }>('accounts:resetPassword', { oobCode: code });
      return result.email.toLowerCase();
    },

    async confirmCode(code, newPassword) {
      const claim = await codes.claim(code);
      let result: { email: string };
      try {
        result = await rest<{ email: string }>('accounts:resetPassword', { oobCode: code, newPassword });
      } catch (error) {
        // The code is still good at Firebase: the member may try again with the same link.
        if (!(error instanceof IdentityError) || error.code === 'weak-password') await claim.release();
        throw error;
      }
      const user = await admin(() => auth.getUserByEmail(result.email));
      // The code reached this address: record that, so the e-mail can find its member.
      if (!user.emailVerified) await admin(() => auth.updateUser(user.uid, { emailVerified: true }));
      return {
        uid: user.uid,
        email: user.email?.toLowerCase() ?? result.email.toLowerCase(),
        emailVerified: true,
      };
    },

    async deleteAccount(uid) {
      try {
        await admin(() => auth.deleteUser(uid));
      } catch (error) {
        if (!(error instanceof IdentityError && error.code === 'user-not-found')) throw error;
      }
    },

    async setAccountDisabled(uid, disabled) {
      await admin(() => auth.updateUser(uid, { disabled }));
      // Firebase keeps honouring ID tokens it issued until they expire; revoking them ends those too.
      if (disabled) await admin(() => auth.revokeRefreshTokens(uid));
    },

    async hasPassword(uid) {
      try {
        const user = await admin(() => auth.getUser(uid));
        return user.providerData.some((provider) => provider.providerId === 'password');
      } catch (error) {
        if (error instanceof IdentityError && error.code === 'user-not-found') return false;
        throw error;
      }
    },

    async signInWithGoogle({ idToken, email, isMembersAccount }) {
      // An account with this e-mail that nobody verified may be anyone's: Firebase's public
      // sign-up lets a stranger make `victim@…` with a password of their own before the victim
      // first comes with Google. Only an account bound to a member is theirs (members register
      // with an invite key, not a verified e-mail): record what Google just proved, and their
      // password stays as a second way in. Any other loses every way in but Google, and the
      // tokens issued to whoever made it, before Google is linked to it.
      const existing = await accountByEmail(email);
      if (existing && !existing.emailVerified) {
        if (await isMembersAccount(existing.uid)) {
          await admin(() => auth.updateUser(existing.uid, { emailVerified: true }));
        } else {
          // The password, a phone number, any other provider linked to it.
          const others = existing.providerData
            .map((info) => info.providerId)
            .filter((id) => id !== 'google.com');
          if (others.length) {
            await admin(() => auth.updateUser(existing.uid, { providersToUnlink: others }));
          }
          await admin(() => auth.revokeRefreshTokens(existing.uid));
        }
      }
      const result = await rest<{
        localId?: string;
        email?: string;
        idToken?: string;
        refreshToken?: string;
        expiresIn?: string;
        isNewUser?: boolean;
        needConfirmation?: boolean;
        errorMessage?: string;
      }>('accounts:signInWithIdp', {
        postBody: new URLSearchParams({ id_token: idToken, providerId: 'google.com' }).toString(),
        requestUri: publicUrl,
        returnSecureToken: true,
        returnIdpCredential: true,
      });
      // With returnIdpCredential, Firebase reports some refusals in the body instead of failing.
      if (result.errorMessage)
        throw firebaseError(result.errorMessage, `signInWithIdp: ${result.errorMessage}`);
      if (result.needConfirmation || !result.localId || !result.email) {
        throw new IdentityError('internal', 'Firebase did not sign the Google account in');
      }
      return {
        uid: result.localId,
        email: result.email.toLowerCase(),
        created: result.isNewUser === true,
        tokens: result.idToken && result.refreshToken ? tokensOf(result as TokenAnswer) : undefined,
      };
    },

    async sessionStillValid(account, since) {
      let user;
      try {
        user = await admin(() =>
          account.uid ? auth.getUser(account.uid) : auth.getUserByEmail(account.email),
        );
      } catch (error) {
        if (error instanceof IdentityError && error.code === 'user-not-found') return false;
        throw error;
      }
      if (user.disabled) return false;
      // revokeRefreshTokens (and a password change) move tokensValidAfterTime forward.
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
      return !(validAfter > since.getTime());
    },

    async close() {
      await deleteApp(app);
    },
  };
  return provider;
}
