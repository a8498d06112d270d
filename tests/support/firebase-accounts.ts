// The Auth emulator's accounts, seen through firebase-admin as an operator would (tests only).
import { initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { EMULATOR_PROJECT_ID } from './firebase-emulator';
import { serverPort } from './servers';

let app: App | undefined;

export function emulatorAuth() {
  // firebase-admin reads this variable to talk to the emulator instead of Google.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${serverPort('firebase', 'auth')}`;
  app ??= initializeApp({ projectId: EMULATOR_PROJECT_ID }, 'e2e-tests');
  return getAuth(app);
}

/** The emulator account for an e-mail, or null. */
export async function firebaseAccount(email: string) {
  try {
    return await emulatorAuth().getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}
