// One table from provider error codes to SPEC section 8 texts, per screen.
import { IdentityError, type IdentityErrorCode } from './types';

export type IdentityContext =
  'login' | 'reset-request' | 'set-password-request' | 'reset' | 'register' | 'google';

const messages: Record<IdentityContext, Partial<Record<IdentityErrorCode, string>> & { fallback: string }> = {
  login: {
    'user-not-found': 'Invalid email or password',
    'wrong-password': 'Invalid email or password',
    'too-many-requests': 'Too many failed login attempts. Please try again later.',
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
    fallback: 'Google sign in failed. Please try again.',
  },
};

/** The SPEC text for an error on a screen; unknown errors get the screen's generic text. */
export function identityMessage(context: IdentityContext, error: unknown): string {
  const table = messages[context];
  if (error instanceof IdentityError) return table[error.code] ?? table.fallback;
  return table.fallback;
}
