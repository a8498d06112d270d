import { afterAll, expect, test } from 'vitest';
import { db } from '../db';
import { identityMessage } from './errors';
import { createLocalProvider, hashPassword, verifyPassword } from './local';
import { IdentityError } from './types';

const provider = createLocalProvider(db);
afterAll(() => db.destroy());

const code = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return (error as IdentityError).code;
};

test('scrypt hashes: salted, verifiable, never the password', async () => {
  const one = await hashPassword('correct horse');
  const two = await hashPassword('correct horse');
  expect(one).not.toBe(two);
  expect(one).not.toContain('correct horse');
  expect(await verifyPassword('correct horse', one)).toBe(true);
  expect(await verifyPassword('wrong horse', one)).toBe(false);
  expect(await verifyPassword('x', 'garbage')).toBe(false);
});

test('accounts: create, sign in, duplicates and weak passwords refused', async () => {
  const { uid } = await provider.createAccount('Ada@Example.ie', 'engine-notes-1843');
  expect(await provider.signInWithPassword('ada@example.ie', 'engine-notes-1843')).toEqual({
    uid,
    email: 'ada@example.ie',
    emailVerified: true,
  });
  expect(await code(provider.signInWithPassword('ada@example.ie', 'nope-nope-nope'))).toBe('wrong-password');
  expect(await code(provider.signInWithPassword('nobody@example.ie', 'whatever-123'))).toBe('user-not-found');
  expect(await code(provider.createAccount('ADA@example.ie', 'another-password'))).toBe(
    'email-already-in-use',
  );
  expect(await code(provider.createAccount('short@example.ie', 'short'))).toBe('weak-password');
  expect(await code(provider.createAccount('blank@example.ie', '          '))).toBe('weak-password');
});

test('reset codes: single use, verified, bound to the account', async () => {
  await provider.createAccount('grace@example.ie', 'first-password-1');
  const reset = await provider.issueCode('grace@example.ie', 'reset');
  expect(reset).toMatch(/^[\w-]{43}$/);
  expect(await provider.verifyCode(reset)).toBe('grace@example.ie');
  expect(await code(provider.confirmCode(reset, 'short'))).toBe('weak-password');
  await provider.confirmCode(reset, 'second-password-2');
  expect(await code(provider.confirmCode(reset, 'third-password-3'))).toBe('invalid-code');
  expect(await code(provider.verifyCode(reset))).toBe('invalid-code');
  expect(await code(provider.verifyCode(''))).toBe('missing-code');
  expect(await code(provider.verifyCode('made-up'))).toBe('invalid-code');
  expect((await provider.signInWithPassword('grace@example.ie', 'second-password-2')).email).toBe(
    'grace@example.ie',
  );
  expect(await code(provider.issueCode('nobody@example.ie', 'reset'))).toBe('user-not-found');
});

test('expired codes are refused', async () => {
  await provider.createAccount('old@example.ie', 'old-password-1');
  const reset = await provider.issueCode('old@example.ie', 'reset');
  await db
    .updateTable('auth_codes')
    .set({ expires_at: '2000-01-01T00:00:00.000Z' })
    .where('email', '=', 'old@example.ie')
    .execute();
  expect(await code(provider.verifyCode(reset))).toBe('expired-code');
  expect(await code(provider.confirmCode(reset, 'new-password-1'))).toBe('expired-code');
});

test('a set-password code creates a password-less account for a member who has none', async () => {
  const set = await provider.issueCode('seeded@example.ie', 'set-password');
  expect(await code(provider.signInWithPassword('seeded@example.ie', 'anything-123'))).toBe('user-not-found');
  await provider.confirmCode(set, 'now-i-have-one');
  expect((await provider.signInWithPassword('seeded@example.ie', 'now-i-have-one')).email).toBe(
    'seeded@example.ie',
  );
});

test('deleting an account removes it and its codes', async () => {
  const { uid } = await provider.createAccount('gone@example.ie', 'gone-password-1');
  const reset = await provider.issueCode('gone@example.ie', 'reset');
  await provider.deleteAccount(uid);
  expect(await provider.findAccount('gone@example.ie')).toBeNull();
  expect(await code(provider.verifyCode(reset))).toBe('invalid-code');
});

test.each([
  ['login', 'user-not-found', 'Invalid email or password'],
  ['login', 'wrong-password', 'Invalid email or password'],
  ['login', 'too-many-requests', 'Too many failed login attempts. Please try again later.'],
  ['login', 'internal', 'Login failed. Please try again.'],
  ['reset-request', 'user-not-found', 'No account found with this email address'],
  ['reset-request', 'mail-failed', 'Failed to send reset email. Please try again.'],
  ['set-password-request', 'mail-failed', 'Failed to send email. Please try again.'],
  ['reset', 'missing-code', 'Invalid password reset link. Please request a new one.'],
  ['reset', 'expired-code', 'This password reset link is invalid or has expired. Please request a new one.'],
  ['reset', 'weak-password', 'password does not meet requirements'],
  ['reset', 'internal', 'Failed to reset password. Please try again.'],
  ['register', 'email-already-in-use', 'Email already registered'],
  ['register', 'internal', 'Registration failed. Please try again.'],
  ['google', 'user-not-found', 'Account not found in our system. Please register first.'],
  ['google', 'internal', 'Google sign in failed. Please try again.'],
] as const)('error map: %s / %s', (context, errorCode, text) => {
  expect(identityMessage(context, new IdentityError(errorCode))).toBe(text);
});

test('errors that are not the provider fall back to the screen text', () => {
  expect(identityMessage('login', new Error('socket hang up'))).toBe('Login failed. Please try again.');
});
