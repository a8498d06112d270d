import { afterAll, expect, test } from 'vitest';
import { db } from '../db';
import { identityMessage } from './errors';
import { CODE_LIFETIME_MS, createLocalProvider, hashPassword, verifyPassword } from './local';
import { IdentityError } from './types';

const local = createLocalProvider(db);
// The tests mail nothing: they need the code alone.
const provider = {
  ...local,
  issueCode: async (...args: Parameters<typeof local.issueCode>) => (await local.issueCode(...args)).code,
};
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

test('using a code ends every other open code of the account', async () => {
  await provider.createAccount('many@example.ie', 'first-password-1');
  await provider.createAccount('other@example.ie', 'first-password-1');
  const older = await provider.issueCode('many@example.ie', 'reset');
  const newer = await provider.issueCode('many@example.ie', 'reset');
  const setPassword = await provider.issueCode('many@example.ie', 'set-password');
  const someoneElse = await provider.issueCode('other@example.ie', 'reset');
  await provider.confirmCode(newer, 'second-password-2');
  expect(await code(provider.verifyCode(older))).toBe('invalid-code');
  expect(await code(provider.confirmCode(older, 'attacker-password-1'))).toBe('invalid-code');
  expect(await code(provider.confirmCode(setPassword, 'attacker-password-2'))).toBe('invalid-code');
  expect((await provider.signInWithPassword('many@example.ie', 'second-password-2')).email).toBe(
    'many@example.ie',
  );
  // Another account's codes are not touched.
  expect(await provider.verifyCode(someoneElse)).toBe('other@example.ie');
});

test('two codes of one account used at once: only one sets the password', async () => {
  await provider.createAccount('race@example.ie', 'first-password-1');
  const codes = await Promise.all([1, 2, 3, 4].map(() => provider.issueCode('race@example.ie', 'reset')));
  const results = await Promise.allSettled(
    codes.map((c, i) => provider.confirmCode(c, `raced-password-${i}`)),
  );
  const won = results.flatMap((result, i) => (result.status === 'fulfilled' ? [i] : []));
  expect(won).toHaveLength(1);
  for (const result of results)
    if (result.status === 'rejected') expect((result.reason as IdentityError).code).toBe('invalid-code');
  expect((await provider.signInWithPassword('race@example.ie', `raced-password-${won[0]}`)).email).toBe(
    'race@example.ie',
  );
});

test('a set-password code lives an hour for an account that has a password, 7 days for one without', async () => {
  const expiresIn = async (email: string) => {
    const row = await db
      .selectFrom('auth_codes')
      .select('expires_at')
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return Date.parse(row.expires_at) - Date.now();
  };
  await provider.createAccount('haspassword@example.ie', 'first-password-1');
  await provider.issueCode('haspassword@example.ie', 'set-password');
  expect(await expiresIn('haspassword@example.ie')).toBeLessThanOrEqual(CODE_LIFETIME_MS.reset);
  await provider.issueCode('nopassword@example.ie', 'set-password');
  expect(await expiresIn('nopassword@example.ie')).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);
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
