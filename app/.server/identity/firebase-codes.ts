// The Firebase provider's single-use codes (firebase.ts): firebase-admin makes a password-reset code,
// which we mail as a link to our own page; the REST API checks and uses it. issued-codes.ts keeps
// the codes this site mailed, so only those work and using one ends the account's others.
import { accountByEmail } from './firebase-accounts';
import { admin, type FirebaseCalls } from './firebase-calls';
import type { issuedCodes } from './issued-codes';
import { IdentityError, type IdentityProvider } from './types';
import { normalEmail } from '~/lib/email';

export function firebaseCodes(
  { auth, rest }: FirebaseCalls,
  codes: ReturnType<typeof issuedCodes>,
): Pick<IdentityProvider, 'issueCode' | 'verifyCode' | 'confirmCode'> {
  return {
    async issueCode(email, purpose) {
      const normalized = normalEmail(email);
      // Members made by an import or the seed may have no Firebase account yet: make one with no
      // password, which the set-password link then gives it.
      let user = await accountByEmail(auth, normalized);
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
      const result = await rest.call<{ email: string }>('accounts:resetPassword', { oobCode: code });
      return normalEmail(result.email);
    },

    async confirmCode(code, newPassword) {
      const claim = await codes.claim(code);
      let result: { email: string };
      try {
        result = await rest.call<{ email: string }>('accounts:resetPassword', { oobCode: code, newPassword });
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
        email: normalEmail(user.email ?? result.email),
        emailVerified: true,
      };
    },
  };
}
