// The Firebase provider's tokens and session re-check (firebase.ts): a bearer ID token checked as the
// original backend checks it, fresh tokens for a refresh token, and whether an account may keep a
// session (asked every IDENTITY_RECHECK_SECONDS).
import { admin, isIdentityError, type FirebaseCalls } from './firebase-calls';
import { IdentityError, type IdentityProvider } from './types';
import { normalEmail } from '~/lib/email';

export function firebaseSessions({
  auth,
  rest,
}: FirebaseCalls): Required<Pick<IdentityProvider, 'verifyIdToken' | 'refreshTokens' | 'sessionStillValid'>> {
  return {
    async verifyIdToken(token) {
      const decoded = await admin(() => auth.verifyIdToken(token, true));
      if (!decoded.email) throw new IdentityError('user-not-found', 'The token names no e-mail');
      return {
        uid: decoded.uid,
        email: normalEmail(decoded.email),
        emailVerified: decoded.email_verified === true,
      };
    },

    refreshTokens: (refreshToken) => rest.refresh(refreshToken),

    async sessionStillValid(account, since) {
      let user;
      try {
        user = await admin(() =>
          account.uid ? auth.getUser(account.uid) : auth.getUserByEmail(account.email),
        );
      } catch (error) {
        if (isIdentityError(error, 'user-not-found')) return false;
        throw error;
      }
      if (user.disabled) return false;
      // revokeRefreshTokens (and a password change) move tokensValidAfterTime forward.
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
      return !(validAfter > since.getTime());
    },
  };
}
