// Authentication events on the process log (ASVS 7.2.1), on the real store (SQLite, and PostgreSQL
// in the second unit run): each is one JSON line an operator can read, and none holds a password,
// code, token or e-mail.
import crypto from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, afterEach, beforeEach, expect, test, vi } from 'vitest';
import { db } from './db';
import { createMember } from './store/accounts';
import { createInvite } from './store/invites';
import { emailTag } from './auth-log';
import { identity } from './identity';
import { completePasswordReset, sendPasswordMail } from './password-mail';
import { startSession } from './session';
import { passwordSignIn } from './sign-in';
import { deleteOwnAccount } from './own-data';
import { LIMITS } from './rate-limit';

afterAll(() => db.destroy());

const context = { clientAddress: '203.0.113.9' } as AppLoadContext;
let written: string[] = [];
beforeEach(() => {
  written = [];
  const keep = (...args: unknown[]) => void written.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'info').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
});
afterEach(() => vi.restoreAllMocks());

/** The auth lines written so far, parsed. */
const events = () =>
  written.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return typeof parsed.auth === 'string' ? [parsed] : [];
    } catch {
      return [];
    }
  });
const authLines = () => written.filter((line) => line.includes('"auth"'));

async function member(password: string | null) {
  const username = `log_${crypto.randomBytes(3).toString('hex')}`;
  const email = `${username}@example.ie`;
  const uid = password ? (await identity.createAccount(email, password)).uid : crypto.randomUUID();
  const id = await createMember(db, {
    uid,
    email,
    username,
    fullname: 'Logged Member',
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
    inviteKey: await createInvite(db, {}, 'cli'),
  });
  return { id, email, username };
}

test('e-mail tags: the same e-mail, in any case, gives the same tag; the tag is not the e-mail', () => {
  expect(emailTag('Ada@Example.ie')).toBe(emailTag(' ada@example.ie'));
  expect(emailTag('ada@example.ie')).not.toBe(emailTag('grace@example.ie'));
  expect(emailTag('ada@example.ie')).toMatch(/^[0-9a-f]{16}$/);
});

test('failed sign-ins and the lock-out are logged with the tag and address, never the password or e-mail', async () => {
  const { email } = await member('the-right-password-1');
  for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++)
    expect((await passwordSignIn(email, `wrong-guess-${i}`, context)).ok).toBe(false);
  const locked = await passwordSignIn(email, 'the-right-password-1', context);
  expect(locked).toMatchObject({ ok: false, status: 429 });
  await passwordSignIn('nobody-here@example.ie', 'a-guess-for-nobody', context);

  const failed = events().filter((event) => event.auth === 'sign-in-failed');
  expect(failed.slice(0, 2)).toEqual([
    expect.objectContaining({ account: emailTag(email), address: '203.0.113.9', reason: 'wrong-password' }),
    expect.objectContaining({ account: emailTag(email), address: '203.0.113.9', reason: 'wrong-password' }),
  ]);
  expect(failed.at(-1)).toMatchObject({
    account: emailTag('nobody-here@example.ie'),
    reason: 'user-not-found',
  });
  expect(events().filter((event) => event.auth === 'locked-out')).toEqual([
    expect.objectContaining({ account: emailTag(email), address: '203.0.113.9' }),
  ]);
  for (const line of authLines()) {
    expect(line).not.toMatch(/wrong-guess|the-right-password|a-guess-for-nobody|@example\.ie/);
    expect(typeof Date.parse(JSON.parse(line).at as string)).toBe('number');
  }
});

test('a reset asked for and completed is logged by member id, without the code', async () => {
  const { id, email } = await member('first-password-1');
  await sendPasswordMail(context, email, 'reset');
  const { code } = await identity.issueCode(email, 'reset');
  await completePasswordReset(code, 'second-password-2');
  expect(events().map((event) => [event.auth, event.member])).toEqual([
    ['reset-requested', id],
    ['reset-completed', id],
  ]);
  for (const line of authLines()) {
    expect(line).not.toContain(code);
    expect(line).not.toContain('second-password-2');
    expect(line).not.toContain(email);
  }
});

test('a member deleting their own account is logged by member id', async () => {
  const { id, username, email } = await member(null);
  const cookie = (await startSession(id, '/profile')).headers.get('Set-Cookie')!.split(';')[0];
  const request = new Request('http://localhost/profile/delete', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ confirmation: username }),
  });
  const response = (await deleteOwnAccount(request, context)) as Response;
  expect(response.status).toBe(302);
  expect(events()).toEqual([
    expect.objectContaining({ auth: 'account-deleted', member: id, address: '203.0.113.9' }),
  ]);
  expect(authLines().join('\n')).not.toContain(email);
});
