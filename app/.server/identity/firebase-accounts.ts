// The Firebase provider's accounts and passwords (firebase.ts): sign-up and password sign-in through
// the REST API, as the makerspace's app does (they answer the account's tokens); finding, deleting
// and disabling accounts through firebase-admin.
import type { Auth } from 'firebase-admin/auth';
import { admin, isIdentityError, tokensOf, type FirebaseCalls, type TokenAnswer } from './firebase-calls';
import type { IdentityProvider } from './types';
import { normalEmail } from '~/lib/email';

/** The Firebase account with this e-mail, or null. */
export async function accountByEmail(auth: Auth, email: string) {
  try {
    return await admin(() => auth.getUserByEmail(normalEmail(email)));
  } catch (error) {
    if (isIdentityError(error, 'user-not-found')) return null;
    throw error;
  }
}

export function firebaseAccounts({
  auth,
  rest,
}: FirebaseCalls): Required<
  Pick<
    IdentityProvider,
    | 'createAccount'
    | 'signInWithPassword'
    | 'findAccount'
    | 'deleteAccount'
    | 'setAccountDisabled'
    | 'hasPassword'
  >
> {
  return {
    async createAccount(email, password) {
      const result = await rest.call<TokenAnswer & { localId: string }>('accounts:signUp', {
        email: normalEmail(email),
        password,
        returnSecureToken: true,
      });
      return { uid: result.localId, tokens: tokensOf(result) };
    },

    async signInWithPassword(email, password) {
      const result = await rest.call<TokenAnswer & { localId: string; email: string }>(
        'accounts:signInWithPassword',
        { email: email.trim(), password, returnSecureToken: true },
      );
      // The ID token is checked like any other: signed by Firebase (not in the emulator, whose
      // tokens are unsigned) and not revoked.
      const decoded = await admin(() => auth.verifyIdToken(result.idToken, true));
      return {
        uid: result.localId,
        email: normalEmail(result.email),
        emailVerified: decoded.email_verified === true,
        tokens: tokensOf(result),
      };
    },

    async findAccount(email) {
      const user = await accountByEmail(auth, email);
      return user ? { uid: user.uid } : null;
    },

    async deleteAccount(uid) {
      try {
        await admin(() => auth.deleteUser(uid));
      } catch (error) {
        if (!isIdentityError(error, 'user-not-found')) throw error;
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
        if (isIdentityError(error, 'user-not-found')) return false;
        throw error;
      }
    },
  };
}
