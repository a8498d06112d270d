// The one error table of the identity seam: provider error codes -> our codes -> docs/product.md §8
// texts, per screen.
import { IdentityError, type IdentityErrorCode } from './types';

/**
 * Firebase's codes, from the Identity Toolkit REST API (`error.message`, e.g. 'WEAK_PASSWORD :
 * Password should be at least 6 characters') and from firebase-admin (`auth/...`).
 */
const firebaseCodes: Record<string, IdentityErrorCode> = {
  EMAIL_NOT_FOUND: 'user-not-found',
  'auth/user-not-found': 'user-not-found',
  USER_NOT_FOUND: 'user-not-found',
  INVALID_PASSWORD: 'wrong-password',
  // With e-mail enumeration protection on, Firebase answers both cases with this one.
  INVALID_LOGIN_CREDENTIALS: 'wrong-password',
  'auth/wrong-password': 'wrong-password',
  USER_DISABLED: 'user-disabled',
  'auth/user-disabled': 'user-disabled',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  'auth/too-many-requests': 'too-many-requests',
  WEAK_PASSWORD: 'weak-password',
  'auth/invalid-password': 'weak-password',
  'auth/weak-password': 'weak-password',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'weak-password',
  EMAIL_EXISTS: 'email-already-in-use',
  'auth/email-already-exists': 'email-already-in-use',
  MISSING_OOB_CODE: 'missing-code',
  INVALID_OOB_CODE: 'invalid-code',
  EXPIRED_OOB_CODE: 'expired-code',
  'auth/invalid-action-code': 'invalid-code',
  'auth/expired-action-code': 'expired-code',
};

/** An IdentityError for a Firebase error code ('internal' for codes no flow expects). */
export function firebaseError(code: string, detail = code): IdentityError {
  const key = code.split(' : ')[0].trim();
  return new IdentityError(firebaseCodes[key] ?? 'internal', detail);
}

export type IdentityContext =
  'login' | 'reset-request' | 'set-password-request' | 'reset' | 'register' | 'google';

const messages: Record<IdentityContext, Partial<Record<IdentityErrorCode, string>> & { fallback: string }> = {
  login: {
    'user-not-found': 'Invalid email or password',
    'wrong-password': 'Invalid email or password',
    'too-many-requests': 'Too many failed login attempts. Please try again later.',
    'user-disabled': 'This account has been disabled.',
    fallback: 'Login failed. Please try again.',
  },
  'reset-request': {
    'user-not-found': 'No account found with this email address',
    'too-many-requests': 'Too many requests. Please try again later.',
    fallback: 'Failed to send reset email. Please try again.',
  },
  'set-password-request': {
    'user-not-found': 'No account found with this email address',
    'too-many-requests': 'Too many requests. Please try again later.',
    fallback: 'Failed to send email. Please try again.',
  },
  reset: {
    'missing-code': 'Invalid password reset link. Please request a new one.',
    'invalid-code': 'This password reset link is invalid or has expired. Please request a new one.',
    'expired-code': 'This password reset link is invalid or has expired. Please request a new one.',
    'weak-password': 'password does not meet requirements',
    fallback: 'Failed to reset password. Please try again.',
  },
  register: {
    'email-already-in-use': 'Email already registered',
    'weak-password': 'password does not meet requirements',
    'too-many-requests': 'Too many attempts. Please try again later.',
    fallback: 'Registration failed. Please try again.',
  },
  google: {
    'user-not-found': 'Account not found in our system. Please register first.',
    'user-disabled': 'This account has been disabled.',
    fallback: 'Google sign in failed. Please try again.',
  },
};

/** The product text for an error on a screen; unknown errors get the screen's generic text. */
export function identityMessage(context: IdentityContext, error: unknown): string {
  const table = messages[context];
  if (error instanceof IdentityError) return table[error.code] ?? table.fallback;
  return table.fallback;
}
