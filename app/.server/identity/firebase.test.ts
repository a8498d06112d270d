// The Firebase provider against the real Auth emulator (firebase-tools, Java), with the codes it
// mailed kept in the real store (SQLite, and PostgreSQL in the second unit run): reset codes, and
// what Google sign-in does to an account that already has the Google e-mail. The emulator takes a
// JSON string as a Google ID token, so no browser or issuer is needed.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  EMULATOR_API_KEY,
  EMULATOR_PROJECT_ID,
  startEmulator,
  type Emulator,
} from '../../../tests/support/firebase-emulator';
import { db } from '../db';
import { createFirebaseProvider } from './firebase';
import { IdentityError } from './types';

let emulator: Emulator;
let provider: Awaited<ReturnType<typeof createFirebaseProvider>>;

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  emulator = await startEmulator({
    auth: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  });
  // firebase-admin reads this itself.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  provider = await createFirebaseProvider(
    {
      projectId: EMULATOR_PROJECT_ID,
      apiKey: EMULATOR_API_KEY,
      serviceAccount: null,
      emulatorHost: emulator.host,
    },
    'http://127.0.0.1:3000',
    db,
  );
}, 180_000);

afterAll(async () => {
  await provider?.close();
  await emulator?.stop();
  await db.destroy();
});

/** Signs up with a password through the public REST API, as anyone holding the API key can. */
async function signUpAtFirebase(email: string, password: string) {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${EMULATOR_API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { localId: string; idToken: string };
}

const googleToken = (email: string) =>
  JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name: email });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'signed in',
    (error: unknown) => (error instanceof IdentityError ? error.code : String(error)),
  );

// Revocation is kept in whole seconds: a token issued in the same second as the revocation
// would still pass, so the account's tokens are made a second before the Google sign-in.
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

test('an account made with the e-mail before its owner signs in with Google loses its password and tokens', async () => {
  const email = 'victim@example.ie';
  const attacker = await signUpAtFirebase(email, 'attackers-password-1');
  await nextSecond();

  const signedIn = await provider.signInWithGoogle({
    idToken: googleToken(email),
    email,
    isMembersAccount: async () => false,
  });
  expect(signedIn.email).toBe(email);

  expect(await failure(provider.signInWithPassword(email, 'attackers-password-1'))).toBe('wrong-password');
  expect(await provider.hasPassword(signedIn.uid!)).toBe(false);
  expect(await failure(provider.verifyIdToken!(attacker.idToken))).not.toBe('signed in');
});

test('a member’s own account keeps its password and is marked verified by Google sign-in', async () => {
  const email = 'member@example.ie';
  const own = await provider.createAccount(email, 'members-password-1');
  await nextSecond();

  const signedIn = await provider.signInWithGoogle({
    idToken: googleToken(email),
    email,
    isMembersAccount: async (uid) => uid === own.uid,
  });
  expect(signedIn.uid).toBe(own.uid);

  const again = await provider.signInWithPassword(email, 'members-password-1');
  expect(again).toMatchObject({ uid: own.uid, email, emailVerified: true });
  expect(await provider.hasPassword(own.uid)).toBe(true);
});

test('using a code ends every other open code of the account', async () => {
  const email = 'codes@example.ie';
  await provider.createAccount(email, 'first-password-1');
  const older = (await provider.issueCode(email, 'reset')).code;
  const newer = (await provider.issueCode(email, 'reset')).code;
  const setPassword = (await provider.issueCode(email, 'set-password')).code;
  await provider.createAccount('bystander@example.ie', 'first-password-1');
  const someoneElse = (await provider.issueCode('bystander@example.ie', 'reset')).code;

  expect((await provider.confirmCode(newer, 'second-password-2')).email).toBe(email);
  expect(await failure(provider.verifyCode(older))).toBe('invalid-code');
  expect(await failure(provider.confirmCode(older, 'attackers-password-1'))).toBe('invalid-code');
  expect(await failure(provider.confirmCode(setPassword, 'attackers-password-2'))).toBe('invalid-code');
  expect((await provider.signInWithPassword(email, 'second-password-2')).email).toBe(email);
  expect(await provider.verifyCode(someoneElse)).toBe('bystander@example.ie');
});

test('a code refused for its password can be used again; one this site did not mail cannot', async () => {
  const email = 'retry@example.ie';
  await provider.createAccount(email, 'first-password-1');
  const { code, expiresAt } = await provider.issueCode(email, 'set-password');
  expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  expect(await failure(provider.confirmCode(code, '12345'))).toBe('weak-password');
  await provider.confirmCode(code, 'second-password-2');
  expect((await provider.signInWithPassword(email, 'second-password-2')).email).toBe(email);

  // Firebase's own code for the account, never mailed by this site.
  const { getAuth } = await import('firebase-admin/auth');
  const { initializeApp } = await import('firebase-admin/app');
  const other = getAuth(initializeApp({ projectId: EMULATOR_PROJECT_ID }, 'firebase-test-other'));
  const foreign = new URL(await other.generatePasswordResetLink(email)).searchParams.get('oobCode')!;
  expect(await failure(provider.verifyCode(foreign))).toBe('invalid-code');
  expect(await failure(provider.confirmCode(foreign, 'attackers-password-3'))).toBe('invalid-code');
});

test('two codes of one account used at once: only one sets the password', async () => {
  const email = 'race@example.ie';
  await provider.createAccount(email, 'first-password-1');
  const codes = [];
  for (let i = 0; i < 4; i++) codes.push((await provider.issueCode(email, 'reset')).code);
  const results = await Promise.allSettled(
    codes.map((code, i) => provider.confirmCode(code, `raced-password-${i}`)),
  );
  const won = results.flatMap((result, i) => (result.status === 'fulfilled' ? [i] : []));
  expect(won).toHaveLength(1);
  for (const result of results)
    if (result.status === 'rejected') expect((result.reason as IdentityError).code).toBe('invalid-code');
  expect((await provider.signInWithPassword(email, `raced-password-${won[0]}`)).email).toBe(email);
});
