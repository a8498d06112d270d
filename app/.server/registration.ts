// The registration draft between steps (DESIGN.md 4): step 1's fields, password included, live
// in an encrypted, HTTP-only cookie for 30 minutes, never in a hidden field.
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { config } from './config';
import type { RegisterStep1 } from '~/lib/schemas';

export interface RegistrationDraft extends RegisterStep1 {
  /** images uploaded on step 2 before it validated, kept so they are not chosen twice */
  avatarId?: string | null;
  bannerId?: string | null;
}

const LIFETIME_S = 30 * 60;
const key = crypto.hkdfSync('sha256', config.SESSION_SECRET, 'registration-draft', 'aes-256-gcm', 32);

const draftCookie = createCookie('__register', {
  httpOnly: true,
  sameSite: 'lax',
  // Not '/register': the client's data requests go to /register.data, which that path does not match.
  path: '/',
  secure: config.PUBLIC_URL.startsWith('https:'),
  maxAge: LIFETIME_S,
});

function seal(draft: RegistrationDraft): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ draft, at: Date.now() })), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(sealed: string): RegistrationDraft | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const { draft, at } = JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
    );
    return Date.now() - at < LIFETIME_S * 1000 ? draft : null;
  } catch {
    return null;
  }
}

export async function readDraft(request: Request): Promise<RegistrationDraft | null> {
  const value = await draftCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' ? open(value) : null;
}

export const saveDraft = (draft: RegistrationDraft) => draftCookie.serialize(seal(draft));
export const clearDraft = () => draftCookie.serialize('', { maxAge: 0 });
