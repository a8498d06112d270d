// A field people never see and bots fill in (remix-utils). Its timestamp is encrypted with the
// session secret, so a bot cannot replay an old form either.
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { config } from './config';

export const honeypot = new Honeypot({ encryptionSeed: config.SESSION_SECRET });

/** True when the form looks automated. */
export function isSpam(formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
