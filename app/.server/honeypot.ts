// A field people never see and bots fill in (remix-utils). Beside it, the time the form was made,
// encrypted with the session secret: a form whose timestamp is missing, forged or in the future is
// refused too. (No maximum age is checked: a saved form can be sent again later.)
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { config } from './config';

const FIELDS = { nameFieldName: 'name__confirm', validFromFieldName: 'from__confirm' };

/**
 * remix-utils takes any decrypted text Number() accepts as the time, and a forger's random
 * ciphertext now and then decrypts to blanks (Number(' ') is 0, 'valid since 1970'): only the
 * milliseconds this site wrote count as a time.
 */
class StrictHoneypot extends Honeypot {
  protected override isValidTimeStamp(timestamp: number) {
    return Number.isSafeInteger(timestamp) && timestamp > 1_000_000_000_000;
  }
}

export const honeypot = new StrictHoneypot({ ...FIELDS, encryptionSeed: config.SESSION_SECRET });

/** True when the form looks automated, or was posted without the honeypot fields at all. */
export function isSpam(formData: FormData): boolean {
  // remix-utils skips its check when neither field is present: a hand-made post must not pass.
  if (!formData.has(FIELDS.nameFieldName) || !formData.has(FIELDS.validFromFieldName)) return true;
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    // A forged timestamp may not even decrypt (crypto-js: "Malformed UTF-8 data"): spam too.
    if (error instanceof Error && /malformed/i.test(error.message)) return true;
    throw error;
  }
}
