// The Firebase provider's Google sign-in (firebase.ts, decision 012): the ID token our own OpenID
// flow received goes to accounts:signInWithIdp, after an unverified account with the same e-mail
// is made safe.
import { accountByEmail } from './firebase-accounts';
import { admin, tokensOf, type FirebaseCalls, type TokenAnswer } from './firebase-calls';
import { firebaseError } from './errors';
import { IdentityError, type IdentityProvider } from './types';
import { normalEmail } from '~/lib/email';

export function firebaseGoogle(
  { auth, rest }: FirebaseCalls,
  publicUrl: string,
): Pick<IdentityProvider, 'signInWithGoogle'> {
  return {
    async signInWithGoogle({ idToken, email, isMembersAccount }) {
      // An account with this e-mail that nobody verified may be anyone's: Firebase's public
      // sign-up lets a stranger make `victim@…` with a password of their own before the victim
      // first comes with Google. Only an account bound to a member is theirs (members register
      // with an invite key, not a verified e-mail): record what Google just proved, and their
      // password stays as a second way in. Any other loses every way in but Google, and the
      // tokens issued to whoever made it, before Google is linked to it.
      const existing = await accountByEmail(auth, email);
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
      const result = await rest.call<{
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
        email: normalEmail(result.email),
        created: result.isNewUser === true,
        tokens: result.idToken && result.refreshToken ? tokensOf(result as TokenAnswer) : undefined,
      };
    },
  };
}
