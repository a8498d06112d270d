import { expect, test } from 'vitest';
import { firebaseError, identityMessage } from './errors';
import { IdentityError } from './types';

test.each([
  ['EMAIL_NOT_FOUND', 'login', 'Invalid email or password'],
  ['INVALID_PASSWORD', 'login', 'Invalid email or password'],
  ['INVALID_LOGIN_CREDENTIALS', 'login', 'Invalid email or password'],
  [
    'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled',
    'login',
    'Too many failed login attempts. Please try again later.',
  ],
  ['USER_DISABLED', 'login', 'This account has been disabled.'],
  ['auth/user-not-found', 'reset-request', 'No account found with this email address'],
  ['auth/user-not-found', 'set-password-request', 'No account found with this email address'],
  [
    'WEAK_PASSWORD : Password should be at least 6 characters',
    'reset',
    'password does not meet requirements',
  ],
  ['auth/invalid-password', 'register', 'password does not meet requirements'],
  ['auth/email-already-exists', 'register', 'Email already registered'],
  [
    'EXPIRED_OOB_CODE',
    'reset',
    'This password reset link is invalid or has expired. Please request a new one.',
  ],
  [
    'INVALID_OOB_CODE',
    'reset',
    'This password reset link is invalid or has expired. Please request a new one.',
  ],
  ['MISSING_OOB_CODE', 'reset', 'Invalid password reset link. Please request a new one.'],
  ['auth/user-disabled', 'google', 'This account has been disabled.'],
] as const)('Firebase %s on %s reads %s', (code, context, text) => {
  expect(identityMessage(context, firebaseError(code))).toBe(text);
});

test('codes no flow expects fall back to the screen’s generic text (docs/product.md §8)', () => {
  const error = firebaseError('QUOTA_EXCEEDED : Exceeded quota');
  expect(error).toBeInstanceOf(IdentityError);
  expect(error.code).toBe('internal');
  expect(identityMessage('login', error)).toBe('Login failed. Please try again.');
  expect(identityMessage('reset', error)).toBe('Failed to reset password. Please try again.');
  expect(identityMessage('register', new Error('boom'))).toBe('Registration failed. Please try again.');
});
