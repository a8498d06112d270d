// Authentication events for the operator (ASVS 7.2.1): one JSON line each on the process log,
// e.g. {"at":"…","auth":"sign-in-failed","method":"password","account":"3f…","address":"…","reason":"wrong-password"}.
// Never a password, code, token or e-mail address: a member is named by id, a typed e-mail by its
// tag (emailTag), so one account's attempts can be followed without the address in the log.
import crypto from 'node:crypto';
import { config } from './config';
import { normalEmail } from '~/lib/email';

export type AuthEvent =
  'sign-in-failed' | 'locked-out' | 'reset-requested' | 'reset-completed' | 'account-deleted';

export interface AuthEventFields {
  /** the member's id, when the event is about a known member */
  member?: string | null;
  /** the e-mail that was typed: only its tag is written */
  email?: string | null;
  /** the client's address as the server saw it */
  address?: string | null;
  method?: 'password' | 'google';
  /** which link a reset event is about */
  purpose?: 'reset' | 'set-password';
  /** why it failed: an IdentityError code or one of our own words, never a provider's message */
  reason?: string;
}

const tagKey = crypto.createHash('sha256').update(`auth-log-email-tag:${config.SESSION_SECRET}`).digest();

/**
 * An e-mail's tag in the log: keyed with SESSION_SECRET, so the same e-mail always gives the same
 * tag on this site, and the log alone does not tell whose it is (whoever holds the secret can
 * compute an e-mail's tag to look for it).
 */
export function emailTag(email: string) {
  return crypto.createHmac('sha256', tagKey).update(normalEmail(email)).digest('hex').slice(0, 16);
}

export function logAuthEvent(event: AuthEvent, fields: AuthEventFields) {
  const line = {
    at: new Date().toISOString(),
    auth: event,
    method: fields.method,
    purpose: fields.purpose,
    member: fields.member ?? undefined,
    account: fields.email ? emailTag(fields.email) : undefined,
    address: fields.address ?? undefined,
    reason: fields.reason,
  };
  console.log(JSON.stringify(line));
}
