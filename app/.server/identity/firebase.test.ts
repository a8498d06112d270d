// The Firebase provider against the real Auth emulator (firebase-tools, Java), with the codes it
// mailed kept in the real store (SQLite, and PostgreSQL in the second unit run): reset codes, and
// what Google sign-in does to an account that already has the Google e-mail. The emulator takes a
// JSON string as a Google ID token, so no browser or issuer is needed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  EMULATOR_API_KEY,
  EMULATOR_PROJECT_ID,
  startEmulator,
  type Emulator,
} from '../../../tests/support/firebase-emulator';
import { db } from '../db';
import { createFirebaseProvider } from './firebase';
import { firebaseAccounts } from './firebase-accounts';
import { connectFirebase, type FirebaseCalls } from './firebase-calls';
import { firebaseCodes } from './firebase-codes';
import { firebaseSessions } from './firebase-sessions';
import { issuedCodes } from './issued-codes';
import { IdentityError } from './types';

let emulator: Emulator;
let provider: Awaited<ReturnType<typeof createFirebaseProvider>>;
/** The plumbing on its own, for the tests of one group's module. */
let calls: FirebaseCalls;
let closeCalls: () => Promise<void>;

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
  const settings = {
    projectId: EMULATOR_PROJECT_ID,
    apiKey: EMULATOR_API_KEY,
    serviceAccount: null,
    emulatorHost: emulator.host,
  };
  provider = await createFirebaseProvider(settings, 'http://127.0.0.1:3000', db);
  ({ calls, close: closeCalls } = await connectFirebase(settings));
}, 180_000);

afterAll(async () => {
  await provider?.close();
  await closeCalls?.();
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

describe('firebase-accounts.ts', () => {
  test('accounts are made once per e-mail, found whatever its case, and signed in with their password', async () => {
    const accounts = firebaseAccounts(calls);
    const made = await accounts.createAccount('Alone@Example.ie', 'alone-password-1');
    expect(made.tokens?.idToken).toBeTruthy();
    expect(await failure(accounts.createAccount('alone@example.ie', 'other-password-1'))).toBe(
      'email-already-in-use',
    );
    expect(await accounts.findAccount('ALONE@example.ie ')).toEqual({ uid: made.uid });
    expect(await failure(accounts.signInWithPassword('alone@example.ie', 'wrong-password-1'))).toBe(
      'wrong-password',
    );
    expect(await accounts.signInWithPassword('alone@example.ie', 'alone-password-1')).toMatchObject({
      uid: made.uid,
      email: 'alone@example.ie',
      emailVerified: false,
    });
    expect(await accounts.hasPassword(made.uid)).toBe(true);
  });

  test('a disabled account cannot sign in until restored; a deleted one is gone, twice without error', async () => {
    const accounts = firebaseAccounts(calls);
    const { uid } = await accounts.createAccount('paused@example.ie', 'paused-password-1');
    await accounts.setAccountDisabled(uid, true);
    expect(await failure(accounts.signInWithPassword('paused@example.ie', 'paused-password-1'))).toBe(
      'user-disabled',
    );
    await accounts.setAccountDisabled(uid, false);
    expect((await accounts.signInWithPassword('paused@example.ie', 'paused-password-1')).uid).toBe(uid);
    await accounts.deleteAccount(uid);
    await accounts.deleteAccount(uid);
    expect(await accounts.findAccount('paused@example.ie')).toBeNull();
    expect(await accounts.hasPassword(uid)).toBe(false);
  });
});

describe('firebase-codes.ts', () => {
  test('a reset code needs an account; a set-password code makes a password-less one first', async () => {
    const codes = firebaseCodes(calls, issuedCodes(db));
    const accounts = firebaseAccounts(calls);
    expect(await failure(codes.issueCode('nobody@example.ie', 'reset'))).toBe('user-not-found');
    const { code } = await codes.issueCode('Imported@example.ie', 'set-password');
    const account = await accounts.findAccount('imported@example.ie');
    expect(account).not.toBeNull();
    expect(await accounts.hasPassword(account!.uid)).toBe(false);
    expect(await codes.verifyCode(code)).toBe('imported@example.ie');
    expect(await codes.confirmCode(code, 'imported-password-1')).toEqual({
      uid: account!.uid,
      email: 'imported@example.ie',
      emailVerified: true,
    });
    expect(await accounts.hasPassword(account!.uid)).toBe(true);
  });
});

describe('firebase-sessions.ts', () => {
  test('an ID token names its account; a refresh token gives fresh tokens', async () => {
    const sessions = firebaseSessions(calls);
    const { uid, tokens } = await firebaseAccounts(calls).createAccount(
      'tokens@example.ie',
      'tokens-password-1',
    );
    expect(await sessions.verifyIdToken(tokens!.idToken)).toEqual({
      uid,
      email: 'tokens@example.ie',
      emailVerified: false,
    });
    const fresh = await sessions.refreshTokens(tokens!.refreshToken);
    expect((await sessions.verifyIdToken(fresh.idToken)).uid).toBe(uid);
    expect(await failure(sessions.refreshTokens('not-a-refresh-token'))).toBe('user-disabled');
  });

  test('a session stays valid until its account is disabled, its tokens revoked or it is deleted', async () => {
    const sessions = firebaseSessions(calls);
    const accounts = firebaseAccounts(calls);
    const { uid } = await accounts.createAccount('session@example.ie', 'session-password-1');
    // An account's tokens are valid from the whole second it was made (or last revoked).
    await nextSecond();
    const started = new Date();
    expect(await sessions.sessionStillValid({ uid, email: 'session@example.ie' }, started)).toBe(true);
    expect(await sessions.sessionStillValid({ uid: null, email: 'session@example.ie' }, started)).toBe(true);
    // Disabling revokes the tokens too: a session from before stays ended once restored.
    await nextSecond();
    await accounts.setAccountDisabled(uid, true);
    expect(await sessions.sessionStillValid({ uid, email: 'session@example.ie' }, started)).toBe(false);
    await accounts.setAccountDisabled(uid, false);
    expect(await sessions.sessionStillValid({ uid, email: 'session@example.ie' }, started)).toBe(false);
    await nextSecond();
    expect(await sessions.sessionStillValid({ uid, email: 'session@example.ie' }, new Date())).toBe(true);
    await accounts.deleteAccount(uid);
    expect(await sessions.sessionStillValid({ uid, email: 'session@example.ie' }, new Date())).toBe(false);
    expect(await sessions.sessionStillValid({ uid: null, email: 'session@example.ie' }, new Date())).toBe(
      false,
    );
  });
});
