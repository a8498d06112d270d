// The limit on guessing invite keys (docs/product.md §9), through registration step 1 and the API's
// sign-up on the real store (SQLite, and PostgreSQL in the second unit run): once an address has
// used up its wrong keys, every key is answered 'Too many attempts...', a right one too, and keys
// sent at the same moment are not all checked.
import crypto from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, afterEach, expect, test } from 'vitest';
import { createInvite } from './store/invites';
import { db } from './db';
import { honeypot } from './honeypot';
import { identity } from './identity';
import { LIMITS } from './rate-limit';
import { registerDetails } from './registration';
import { ENDPOINTS, RestError } from './rest/endpoints';
import { FieldError } from '~/lib/models';

afterAll(() => db.destroy());

const TOO_MANY = 'Too many attempts. Please try again later.';
const WRONG = 'This invite key is not valid';
const tag = () => crypto.randomBytes(4).toString('hex');
/** A client address of the documentation range, its own per test. */
const fromAddress = (): AppLoadContext => ({
  clientAddress: `2001:db8::${tag().slice(0, 4)}:${tag().slice(0, 4)}`,
});

/** Step 1 as a person sends it: a redirect to step 2, or the invite key field's error. */
async function step1(context: AppLoadContext, inviteKey: string) {
  const username = `inv_${tag()}`;
  const form = new FormData();
  const trap = await honeypot.getInputProps();
  form.append(trap.nameFieldName, '');
  form.append(trap.validFromFieldName!, trap.encryptedValidFrom ?? '');
  for (const [name, value] of Object.entries({
    email: `${username}@example.ie`,
    username,
    fullname: 'New Member',
    password: 'engine-notes',
    confirmPassword: 'engine-notes',
    inviteKey,
  }))
    form.append(name, value);
  const answer = await registerDetails(
    new Request('http://localhost/register', { method: 'POST', body: form }),
    context,
  );
  if (answer instanceof Response) return answer.status === 302 ? 'step 2' : `status ${answer.status}`;
  const errors = (answer as { data: { result: { error?: Record<string, string[]> } } }).data.result.error;
  return errors?.inviteKey?.[0] ?? JSON.stringify(errors);
}

const signupEndpoint = ENDPOINTS.find((endpoint) => endpoint.path === '/auth/signup')!;
const verifyIdToken = identity.verifyIdToken;
afterEach(() => {
  identity.verifyIdToken = verifyIdToken;
});

/** POST /api/auth/signup by a fresh Firebase account: 'created', or the error's status. */
async function apiSignup(context: AppLoadContext, inviteKey: string) {
  // The call needs a provider that checks ID tokens; the account is what the token named.
  identity.verifyIdToken ??= async () => {
    throw new Error('not used');
  };
  const username = `api_${tag()}`;
  const email = `${username}@example.ie`;
  const body = {
    email,
    username,
    fullname: 'Api Member',
    invite_key: inviteKey,
    description: 'I build things.',
    qualifications: [],
    avatar_id: null,
    banner_id: null,
  };
  try {
    await signupEndpoint.handle({
      request: new Request('http://localhost/api/auth/signup', { method: 'POST' }),
      context,
      params: {},
      body: body as never,
      query: {},
      caller: null,
      account: { uid: `uid-${tag()}`, email },
      token: null,
    });
    return 'created';
  } catch (error) {
    if (error instanceof RestError) return `${error.status} ${error.message}`;
    if (error instanceof FieldError) return `422 ${error.message}`;
    throw error;
  }
}

test('step 1: once an address has used up its wrong keys, a right key is refused too', async () => {
  const context = fromAddress();
  for (let i = 0; i < LIMITS.inviteGuessesPerAddress.max; i++)
    expect(await step1(context, `mk-wrong-${tag()}`)).toBe(WRONG);
  expect(await step1(context, await createInvite(db, {}, 'cli'))).toBe(TOO_MANY);
  expect(await step1(context, `mk-wrong-${tag()}`)).toBe(TOO_MANY);
  // Another address is not held up.
  expect(await step1(fromAddress(), await createInvite(db, {}, 'cli'))).toBe('step 2');
});

test('step 1: a right key does not count towards the limit', async () => {
  const context = fromAddress();
  const key = await createInvite(db, { uses: 50 }, 'cli');
  for (let i = 0; i < LIMITS.inviteGuessesPerAddress.max + 5; i++)
    expect(await step1(context, key)).toBe('step 2');
  expect(await step1(context, `mk-wrong-${tag()}`)).toBe(WRONG);
});

test('step 1: 30 wrong keys at once from one address: 20 are checked, the rest refused', async () => {
  const context = fromAddress();
  const answers = await Promise.all(Array.from({ length: 30 }, () => step1(context, `mk-wrong-${tag()}`)));
  expect(answers.sort()).toEqual([...Array(20).fill(WRONG), ...Array(10).fill(TOO_MANY)]);
});

test('API sign-up: a right key after the limit is refused, and 30 wrong keys at once are not all checked', async () => {
  const context = fromAddress();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => apiSignup(context, `mk-wrong-${tag()}`)),
  );
  expect(answers.filter((answer) => answer.startsWith('422'))).toHaveLength(
    LIMITS.inviteGuessesPerAddress.max,
  );
  expect(answers.filter((answer) => answer === `429 ${TOO_MANY}`)).toHaveLength(10);
  expect(await apiSignup(context, await createInvite(db, {}, 'cli'))).toBe(`429 ${TOO_MANY}`);
  expect(await apiSignup(fromAddress(), await createInvite(db, {}, 'cli'))).toBe('created');
});
