// An HTTP-only cookie whose value is encrypted and authenticated (AES-256-GCM, key derived from
// SESSION_SECRET per purpose), for short-lived state that must not be readable or forgeable:
// the registration draft, the Google sign-in handshake. The sealing itself also keeps secrets at
// rest (a session's refresh token).
import crypto from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { config } from './config';

/** Seals and opens values for one purpose; a value older than `maxAgeSeconds` no longer opens. */
export function sealer<T>(purpose: string, maxAgeSeconds = Infinity) {
  const key = Buffer.from(crypto.hkdfSync('sha256', config.SESSION_SECRET, purpose, 'aes-256-gcm', 32));

  function seal(value: T): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify({ value, at: Date.now() })), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  function open(sealed: string): T | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const { value, at } = JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
      );
      return Date.now() - at < maxAgeSeconds * 1000 ? value : null;
    } catch {
      return null;
    }
  }

  return { seal, open };
}

export function sealedCookie<T>(name: string, maxAgeSeconds: number) {
  const { seal, open } = sealer<T>(name, maxAgeSeconds);
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.PUBLIC_URL.startsWith('https:'),
    maxAge: maxAgeSeconds,
  });
  return {
    async read(request: Request): Promise<T | null> {
      const value = await cookie.parse(request.headers.get('Cookie'));
      return typeof value === 'string' ? open(value) : null;
    },
    write: (value: T) => cookie.serialize(seal(value)),
    clear: () => cookie.serialize('', { maxAge: 0 }),
  };
}
