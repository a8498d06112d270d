// The Firebase provider's Google sign-in against the real Auth emulator (firebase-tools, Java):
// what happens to an account that already has the Google e-mail. The emulator takes a JSON
// string as a Google ID token, so no browser or issuer is needed.
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  EMULATOR_API_KEY,
  EMULATOR_PROJECT_ID,
  startEmulator,
  type Emulator,
} from '../../../tests/support/firebase-emulator';
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
  );
}, 180_000);

afterAll(async () => {
  await provider?.close();
  await emulator?.stop();
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
