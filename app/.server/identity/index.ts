import { config } from '../config';
import { db } from '../db';
import { createLocalProvider } from './local';
import type { IdentityProvider } from './types';

async function createProvider(): Promise<IdentityProvider> {
  if (config.firebase) {
    const { createFirebaseProvider } = await import('./firebase');
    try {
      return await createFirebaseProvider(config.firebase, config.PUBLIC_URL, db);
    } catch (error) {
      // e.g. a service-account key whose private key does not parse: one line, not a stack.
      console.error(`Invalid configuration: the Firebase service account: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  return createLocalProvider(db);
}

export const identity: IdentityProvider = await createProvider();
export { IdentityError } from './types';
export { identityMessage } from './errors';
