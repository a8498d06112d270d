// The identity seam (docs/architecture.md §8): passwords, reset codes and account lifecycle. The built-in
// `local` provider and the Firebase provider implement this; nothing else knows which one runs.

export type IdentityErrorCode =
  | 'user-not-found'
  | 'wrong-password'
  | 'user-disabled'
  | 'too-many-requests'
  | 'weak-password'
  | 'email-already-in-use'
  | 'missing-code'
  | 'invalid-code'
  | 'expired-code'
  | 'mail-failed'
  | 'internal';

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** The tokens a provider like Firebase issues at sign-in. */
export interface ProviderTokens {
  idToken: string;
  refreshToken: string;
  /** when the ID token stops being accepted */
  expiresAt: Date;
}

/** An identity account as a sign-in (or a bearer token) proves it. */
export interface SignedIn {
  uid: string;
  email: string;
  /** the provider knows the e-mail is the account holder's (only then may it find a member by e-mail) */
  emailVerified: boolean;
  tokens?: ProviderTokens;
}

export type CodePurpose = 'reset' | 'set-password';

export interface IdentityProvider {
  /** Creates an account; 'email-already-in-use' or 'weak-password' when it cannot. */
  createAccount(email: string, password: string): Promise<{ uid: string; tokens?: ProviderTokens }>;
  /**
   * 'user-not-found' or 'wrong-password' when the pair does not match. Providers whose accounts
   * live elsewhere also return the provider's tokens (an upstream backend takes the ID token).
   */
  signInWithPassword(email: string, password: string): Promise<SignedIn>;
  /** The account for an e-mail, if any (Google sign-in maps a verified e-mail to it). */
  findAccount(email: string): Promise<{ uid: string } | null>;
  /**
   * Issues a single-use code for `purpose` and returns it for the caller to mail, with when it
   * stops working. A set-password code may create a password-less account first (members made by
   * an import or the demo seed).
   */
  issueCode(email: string, purpose: CodePurpose): Promise<{ code: string; expiresAt: Date }>;
  /** The e-mail a code was issued for; 'invalid-code' or 'expired-code' otherwise. */
  verifyCode(code: string): Promise<string>;
  /**
   * Sets a new password with a code (used up here, with every other open code of the account);
   * returns the account, its e-mail now verified (the code came by e-mail).
   */
  confirmCode(code: string, newPassword: string): Promise<SignedIn>;
  /** Deletes an account; one that is already gone is not an error. */
  deleteAccount(uid: string): Promise<void>;
  /**
   * Stops or restores sign-in at the provider (an admin disabled the member). Providers that keep
   * accounts in our own store leave this out: the member row's `disabled_at` is checked instead.
   */
  setAccountDisabled?(uid: string, disabled: boolean): Promise<void>;
  /** Whether the account can sign in with a password (a Google-only one cannot). */
  hasPassword(uid: string): Promise<boolean>;
  /**
   * Google sign-in with the ID token our server got from the issuer (its e-mail already checked as
   * verified). `uid` is the provider's account for it, if any; `created` says this call made it.
   * `isMembersAccount` says whether an existing account is already bound to a member: a provider
   * whose accounts anyone can make (Firebase) keeps an unverified account's password only then.
   */
  signInWithGoogle(google: {
    idToken: string;
    email: string;
    isMembersAccount(uid: string): Promise<boolean>;
  }): Promise<{
    uid: string | null;
    email: string;
    created: boolean;
    tokens?: ProviderTokens;
  }>;
  /**
   * The account behind a bearer ID token this provider issued, checked as the original backend
   * checks it (signature, expiry, revocation); an IdentityError when it is not good. Providers
   * without their own tokens leave this out (the API then issues its own).
   */
  verifyIdToken?(token: string): Promise<SignedIn>;
  /** Fresh tokens for a refresh token; an IdentityError when the provider refuses it. */
  refreshTokens?(refreshToken: string): Promise<ProviderTokens>;
  /**
   * Whether an account may keep a session that started at `since`: false once it is disabled,
   * deleted or its tokens were revoked. Providers that keep accounts in our own store leave this
   * out (they end sessions directly); others are asked every IDENTITY_RECHECK_SECONDS.
   */
  sessionStillValid?(account: { uid: string | null; email: string }, since: Date): Promise<boolean>;
}
