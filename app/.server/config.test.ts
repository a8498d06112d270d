import { expect, test } from 'vitest';
import { parseConfig } from './config';

test('defaults give a complete local configuration', () => {
  const config = parseConfig({});
  expect(config.PORT).toBe(3000);
  expect(config.IDENTITY_PROVIDER).toBe('local');
  expect(config.TRUST_PROXY).toBe(0);
  expect(config.OIDC_ISSUER_URL).toBe('https://accounts.google.com');
  expect(config.DATA_DIR).toMatch(/data$/);
});

test.each([
  [{ PORT: 'eighty' }, /PORT/],
  [{ PORT: '70000' }, /PORT/],
  [{ PUBLIC_URL: 'example.com' }, /PUBLIC_URL must be a full URL/],
  [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
  [{ IDENTITY_PROVIDER: 'ldap' }, /IDENTITY_PROVIDER/],
  [{ CONTACT_EMAIL: 'nobody' }, /CONTACT_EMAIL must be an e-mail address/],
  [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
])('a bad value stops start-up naming the variable: %o', (env, message) => {
  expect(() => parseConfig(env)).toThrow(message);
});

test('blank values count as unset', () => {
  expect(parseConfig({ PUBLIC_URL: '  ', SMTP_URL: '' }).PUBLIC_URL).toBeUndefined();
});
