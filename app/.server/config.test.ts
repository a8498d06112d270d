import { expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firebaseSettings, parseConfig } from './config';

test('defaults give a complete local configuration', () => {
  const config = parseConfig({});
  expect(config.PORT).toBe(3000);
  expect(config.IDENTITY_PROVIDER).toBe('local');
  expect(config.TRUST_PROXY).toBe(false);
  expect(config.OIDC_ISSUER_URL).toBe('https://accounts.google.com');
  expect(config.DATA_DIR).toMatch(/data$/);
});

test.each([
  [{ PORT: 'eighty' }, /PORT/],
  [{ PORT: '70000' }, /PORT/],
  [{ PUBLIC_URL: 'example.com' }, /PUBLIC_URL must be a full URL/],
  [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
  [{ DATABASE_URL: 'postgres://db/site' }, /SESSION_SECRET is required with a PostgreSQL DATABASE_URL/],
  [{ API_CORS_ORIGINS: 'app.example.org' }, /API_CORS_ORIGINS must list origins/],
  [{ API_URL: 'backend' }, /API_URL must be a full URL/],
  [{ IDENTITY_PROVIDER: 'ldap' }, /IDENTITY_PROVIDER/],
  [{ CONTACT_EMAIL: 'nobody' }, /CONTACT_EMAIL must be an e-mail address/],
  [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
  [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a hop count/],
  [{ TRUST_PROXY: '0.0.0.0/0' }, /TRUST_PROXY .*would trust every address/],
  [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
  [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
  [
    { JOB_LEASE_SECONDS: '20', SMTP_TIMEOUT_SECONDS: '10' },
    /SMTP_TIMEOUT_SECONDS must be under half of JOB_LEASE_SECONDS/,
  ],
  [{ S3_BUCKET: 'files', API_URL: 'http://127.0.0.1:1/api' }, /S3_BUCKET cannot be used with API_URL/],
])('a bad value stops start-up naming the variable: %o', (env, message) => {
  expect(() => parseConfig(env)).toThrow(message);
});

test('blank values count as unset', () => {
  expect(parseConfig({ PUBLIC_URL: '  ', SMTP_URL: '' }).PUBLIC_URL).toBeUndefined();
});

const serviceAccount = {
  type: 'service_account',
  project_id: 'makerspace-dublin',
  client_email: 'site@makerspace-dublin.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIE...\n-----END PRIVATE KEY-----\n',
};
const firebase = (env: Record<string, string>) =>
  firebaseSettings(parseConfig({ IDENTITY_PROVIDER: 'firebase', ...env }));

test('firebase: each missing or malformed setting stops start-up with one line naming it', () => {
  expect(() => firebase({})).toThrow(/^Invalid configuration: FIREBASE_PROJECT_ID is required/);
  expect(() => firebase({ FIREBASE_PROJECT_ID: 'p' })).toThrow(/FIREBASE_API_KEY is required/);
  const base = { FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k' };
  expect(() => firebase(base)).toThrow(/FIREBASE_SERVICE_ACCOUNT \(JSON\) or GOOGLE_APPLICATION_CREDENTIALS/);
  expect(() => firebase({ ...base, FIREBASE_SERVICE_ACCOUNT: '{not json' })).toThrow(
    /FIREBASE_SERVICE_ACCOUNT is not valid JSON/,
  );
  expect(() => firebase({ ...base, FIREBASE_SERVICE_ACCOUNT: '{"project_id":"p"}' })).toThrow(
    /FIREBASE_SERVICE_ACCOUNT is not a service-account key/,
  );
  expect(() => firebase({ ...base, GOOGLE_APPLICATION_CREDENTIALS: '/nowhere/key.json' })).toThrow(
    /GOOGLE_APPLICATION_CREDENTIALS: no file at \/nowhere\/key.json/,
  );
  expect(() => parseConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'http://localhost' })).toThrow(
    /FIREBASE_AUTH_EMULATOR_HOST must be host:port/,
  );
});

test('firebase: a service account from JSON or a file; the emulator needs none', () => {
  const base = { FIREBASE_PROJECT_ID: 'makerspace-dublin', FIREBASE_API_KEY: 'k' };
  expect(
    firebase({ ...base, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount) }).serviceAccount,
  ).toEqual({
    project_id: 'makerspace-dublin',
    client_email: serviceAccount.client_email,
    private_key: serviceAccount.private_key,
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-')), 'key.json');
  fs.writeFileSync(file, JSON.stringify(serviceAccount));
  expect(firebase({ ...base, GOOGLE_APPLICATION_CREDENTIALS: file }).serviceAccount?.client_email).toBe(
    serviceAccount.client_email,
  );
  expect(firebase({ ...base, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual({
    projectId: 'makerspace-dublin',
    apiKey: 'k',
    serviceAccount: null,
    emulatorHost: '127.0.0.1:9099',
  });
});

test('sessions ask the identity provider again at least every five minutes', () => {
  expect(parseConfig({}).IDENTITY_RECHECK_SECONDS).toBe(300);
  expect(() => parseConfig({ IDENTITY_RECHECK_SECONDS: '301' })).toThrow(/IDENTITY_RECHECK_SECONDS/);
});

test('production with a public address refuses to log mail links unless told to', () => {
  const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://makerspace.ie' };
  expect(() => parseConfig(site)).toThrow(
    /^Invalid configuration: SMTP_URL is required in production: without it every mail link \(reset codes included\) is written to the log; set MAIL_LINKS_IN_LOG=1 to run that way on purpose$/,
  );
  expect(() => parseConfig({ ...site, PUBLIC_URL: 'http://203.0.113.9:3000' })).toThrow(
    /SMTP_URL is required/,
  );
  expect(parseConfig({ ...site, SMTP_URL: 'smtp://mail.makerspace.ie' }).SMTP_URL).toBe(
    'smtp://mail.makerspace.ie',
  );
  expect(parseConfig({ ...site, MAIL_LINKS_IN_LOG: '1' }).MAIL_LINKS_IN_LOG).toBe(true);
  expect(() => parseConfig({ ...site, MAIL_LINKS_IN_LOG: 'yes' })).toThrow(/MAIL_LINKS_IN_LOG/);
  expect(() => parseConfig({ ...site, MAIL_LINKS_IN_LOG: '0' })).toThrow(/SMTP_URL is required/);
});

test.each([
  ['no PUBLIC_URL (npm start on a laptop)', {}],
  ['a loopback PUBLIC_URL', { PUBLIC_URL: 'http://localhost:3000' }],
  ['a loopback address', { PUBLIC_URL: 'http://127.0.0.1:8080' }],
  ['IPv6 loopback', { PUBLIC_URL: 'http://[::1]:3000' }],
])('a local run logs mail links without being told: %s', (_name, env) => {
  expect(parseConfig({ NODE_ENV: 'production', ...env }).MAIL_LINKS_IN_LOG).toBe(false);
});

test('development and tests log mail links of any address', () => {
  expect(() => parseConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://makerspace.ie' })).not.toThrow();
  expect(() => parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://makerspace.ie' })).not.toThrow();
});

test('TRUST_PROXY names the proxies, or counts them as before', () => {
  expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
    'loopback',
    '10.0.0.0/8',
  ]);
});
