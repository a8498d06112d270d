// The Firebase Authentication provider (IDENTITY_PROVIDER=firebase): the makerspace's existing
// members keep their Firebase accounts. Account management goes through firebase-admin; what the
// admin SDK cannot do (password sign-in, checking and using reset codes, Google sign-in with an ID
// token) through the Identity Toolkit REST API. Nothing runs in the browser: our own pages and
// e-mails drive every flow, so they all work without JavaScript. With FIREBASE_AUTH_EMULATOR_HOST
// set, both talk to the Auth emulator (firebase-admin reads that variable itself).
// firebase-calls.ts is the plumbing; each group of the IdentityProvider has its module, assembled here.
import type { Kysely } from 'kysely';
import type { FirebaseSettings } from '../config';
import type { Database } from '../db/schema';
import { firebaseAccounts } from './firebase-accounts';
import { connectFirebase } from './firebase-calls';
import { firebaseCodes } from './firebase-codes';
import { firebaseGoogle } from './firebase-google';
import { firebaseSessions } from './firebase-sessions';
import { issuedCodes } from './issued-codes';
import type { IdentityProvider } from './types';

export async function createFirebaseProvider(
  settings: FirebaseSettings,
  publicUrl: string,
  db: Kysely<Database>,
): Promise<IdentityProvider & { close(): Promise<void> }> {
  const { calls, close } = await connectFirebase(settings);
  return {
    ...firebaseAccounts(calls),
    ...firebaseCodes(calls, issuedCodes(db)),
    ...firebaseGoogle(calls, publicUrl),
    ...firebaseSessions(calls),
    close,
  };
}
