// The limits on guessing, through the server code on the real store (SQLite, and PostgreSQL in the
// second unit run): attempts sent at the same moment must not all be let through while the first
// ones are still being checked.
import crypto from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, expect, test } from 'vitest';
import { nowIso } from '~/lib/dates';
import { db } from './db';
import { identity, IdentityError } from './identity';
import { NoMemberError, sendPasswordMail } from './password-mail';
import { hit, inviteGuessLimit, LIMITS, loginAddressLimit, mailAddressLimit } from './rate-limit';
import { passwordSignIn } from './sign-in';

afterAll(() => db.destroy());

const tag = () => crypto.randomBytes(4).toString('hex');
/** A client address of the documentation range, its own per test. */
const fromAddress = (): AppLoadContext => ({
  clientAddress: `2001:db8::${tag().slice(0, 4)}:${tag().slice(0, 4)}`,
});

/** A member with a password, as registration leaves one. */
async function memberWithPassword() {
  const username = `lim_${tag()}`;
  const email = `${username}@example.ie`;
  const password = 'engine-notes-1843';
  const { uid } = await identity.createAccount(email, password);
  await db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      username,
      username_key: username,
      email,
      fullname: 'Limit Tester',
      bio: '',
      qualifications: '[]',
      identity_uid: uid,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return { email, password };
}

const statuses = (answers: { ok: boolean; status?: number }[]) =>
  answers.map((answer) => (answer.ok ? 200 : answer.status)).sort();

test('a counted attempt and its place are one statement: simultaneous hits get distinct counts', async () => {
  const key = `race:${tag()}`;
  const limit = { max: 5, windowMs: 60_000 };
  const answers = await Promise.all(Array.from({ length: 30 }, () => hit(key, limit)));
  expect(answers.filter(Boolean)).toHaveLength(5);
});

test('30 simultaneous wrong passwords for one account: 5 are checked, the rest refused', async () => {
  const { email, password } = await memberWithPassword();
  const context = fromAddress();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => passwordSignIn(email, 'wrong-password', context)),
  );
  expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
  // Locked now, even with the right password.
  expect(await passwordSignIn(email, password, context)).toMatchObject({
    ok: false,
    status: 429,
    message: 'Too many failed login attempts. Please try again later.',
  });
});

test('simultaneous wrong passwords from one address: no more are checked than its limit allows', async () => {
  const context = fromAddress();
  // The address has 95 of its 100 failures already.
  for (let i = 0; i < LIMITS.loginFailuresPerAddress.max - 5; i++)
    await hit(`login-ip:${context.clientAddress}`, LIMITS.loginFailuresPerAddress);
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => passwordSignIn(`nobody_${tag()}@example.ie`, 'wrong-password', context)),
  );
  expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
});

test('a right password clears the account count and does not use up the address', async () => {
  const { email, password } = await memberWithPassword();
  const context = fromAddress();
  for (let i = 0; i < LIMITS.loginFailuresPerAccount.max - 1; i++)
    expect(await passwordSignIn(email, 'wrong-password', context)).toMatchObject({ status: 401 });
  expect(await passwordSignIn(email, password, context)).toMatchObject({ ok: true });
  // Four more wrong ones are allowed again, and the right one still works after them.
  for (let i = 0; i < LIMITS.loginFailuresPerAccount.max - 1; i++)
    expect(await passwordSignIn(email, 'wrong-password', context)).toMatchObject({ status: 401 });
  expect(await passwordSignIn(email, password, context)).toMatchObject({ ok: true });
  // Two sign-ins and eight failures from the address: the failures alone are counted.
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `login-ip:${context.clientAddress}`)
    .executeTakeFirstOrThrow();
  expect(row.count).toBe(2 * (LIMITS.loginFailuresPerAccount.max - 1));
});

test('30 simultaneous reset requests for one e-mail: 5 go on, the rest are refused', async () => {
  const email = `nobody_${tag()}@example.ie`;
  const context = fromAddress();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      sendPasswordMail(context, email, 'reset').then(
        () => 'sent',
        (error: unknown) =>
          error instanceof NoMemberError
            ? 'no member'
            : error instanceof IdentityError
              ? error.code
              : String(error),
      ),
    ),
  );
  expect(answers.sort()).toEqual([...Array(5).fill('no member'), ...Array(25).fill('too-many-requests')]);
});

test('clients whose address is unknown share one bucket per limit, with its own allowance', () => {
  const unknown = {} as AppLoadContext;
  const loopback = { clientAddress: '127.0.0.1' };
  const known = { clientAddress: '203.0.113.7' };
  for (const [bucket, name, perAddress, shared] of [
    [loginAddressLimit, 'login-ip', LIMITS.loginFailuresPerAddress, LIMITS.loginFailuresUnknownAddress],
    [mailAddressLimit, 'mail-ip', LIMITS.mailRequestsPerAddress, LIMITS.mailRequestsUnknownAddress],
    [inviteGuessLimit, 'invite-guess', LIMITS.inviteGuessesPerAddress, LIMITS.inviteGuessesUnknownAddress],
  ] as const) {
    expect(bucket(known)).toEqual({ key: `${name}:203.0.113.7`, limit: perAddress });
    expect(bucket(unknown)).toEqual({ key: `${name}:unknown`, limit: shared });
    expect(bucket(loopback)).toEqual({ key: `${name}:unknown`, limit: shared });
    expect(shared.max).toBeGreaterThan(perAddress.max);
  }
});

test('a wrong password or a reset request from an unknown address counts in the shared bucket', async () => {
  const count = async (key: string) =>
    (await db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())?.count ??
    0;
  const unknown = {} as AppLoadContext;
  const failures = await count('login-ip:unknown');
  expect(await passwordSignIn(`nobody_${tag()}@example.ie`, 'wrong-password', unknown)).toMatchObject({
    status: 401,
  });
  expect(await count('login-ip:unknown')).toBeGreaterThan(failures);
  const requests = await count('mail-ip:unknown');
  await expect(sendPasswordMail(unknown, `nobody_${tag()}@example.ie`, 'reset')).rejects.toBeInstanceOf(
    NoMemberError,
  );
  expect(await count('mail-ip:unknown')).toBeGreaterThan(requests);
});
