import { expect, test } from 'vitest';
import { sessionCookieName, sessionEnded } from './sessions';

test('the session cookie is __Host- under https only', () => {
  expect(sessionCookieName('https://makerspace.example.ie')).toBe('__Host-session');
  expect(sessionCookieName('http://localhost:3000')).toBe('__session');
});

test('a session ends at its rolling expiry or 30 days after sign-in, whichever comes first', () => {
  const now = Date.parse('2026-03-31T12:00:00Z');
  const at = (days: number) => new Date(now + days * 24 * 60 * 60 * 1000).toISOString();
  expect(sessionEnded({ createdAt: at(-1), expiresAt: at(29) }, now)).toBe(false);
  expect(sessionEnded({ createdAt: at(-29.9), expiresAt: at(29) }, now)).toBe(false);
  expect(sessionEnded({ createdAt: at(-30.1), expiresAt: at(29) }, now)).toBe(true);
  expect(sessionEnded({ createdAt: at(-2), expiresAt: at(-1) }, now)).toBe(true);
  // Unreadable dates end it rather than keep it.
  expect(sessionEnded({ createdAt: 'garbage', expiresAt: at(29) }, now)).toBe(true);
  expect(sessionEnded({ createdAt: at(-1), expiresAt: '' }, now)).toBe(true);
});
