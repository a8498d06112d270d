import { config } from '../config';
import { db } from '../db';
import { createLocalProvider } from './local';
import type { IdentityProvider } from './types';

function createProvider(): IdentityProvider {
  if (config.IDENTITY_PROVIDER === 'firebase') {
    console.error('IDENTITY_PROVIDER: the firebase provider is not built yet; use local');
    process.exit(1);
  }
  return createLocalProvider(db);
}

export const identity: IdentityProvider = createProvider();
export { IdentityError } from './types';
export { identityMessage } from './errors';
