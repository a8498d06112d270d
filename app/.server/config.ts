// All environment variables, parsed once (docs/architecture.md §5). A bad value stops start-up with
// one line naming the variable, so a misconfigured container fails loudly instead of half-working.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from '../lib/trust-proxy';

const optional = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string())
  .optional()
  .transform((value) => (value ? value : undefined));

const url = (name: string) =>
  optional.refine((value) => value === undefined || URL.canParse(value), `${name} must be a full URL`);

/** True when a URL names a host other than this machine (localhost, 127.0.0.0/8, ::1). */
export function isPublicUrl(url: string) {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname;
  return !(host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host));
}

/** True when a DATABASE_URL names a PostgreSQL server (else it is SQLite). */
export const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:/.test(url ?? '');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: optional,
  DATA_DIR: optional.transform((value) => path.resolve(value ?? './data')),
  DATABASE_URL: optional,
  PUBLIC_URL: url('PUBLIC_URL'),
  SESSION_SECRET: optional.refine(
    (value) => value === undefined || value.length >= 32,
    'SESSION_SECRET must be at least 32 characters',
  ),
  SMTP_URL: url('SMTP_URL'),
  // Without SMTP_URL every mail link (reset codes included) is logged; a public production site
  // must say it means that (see the check in parseConfig).
  MAIL_LINKS_IN_LOG: z
    .enum(['1', '0', ''])
    .optional()
    .transform((value) => value === '1'),
  MAIL_FROM: optional,
  IDENTITY_PROVIDER: z.enum(['local', 'firebase']).default('local'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER_URL: url('OIDC_ISSUER_URL').transform((value) => value ?? 'https://accounts.google.com'),
  CONTACT_EMAIL: optional
    .refine((value) => value === undefined || z.string().email().safeParse(value).success, {
      message: 'CONTACT_EMAIL must be an e-mail address',
    })
    .transform((value) => value ?? 'hello@makerspace.ie'),
  // The reverse proxies whose X-Forwarded-For names the client (lib/trust-proxy.ts).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  // How often a session asks the identity provider whether its account is still enabled and
  // unrevoked; capped at five minutes so a disabled account is signed out within that.
  IDENTITY_RECHECK_SECONDS: z.coerce.number().int().min(1).max(300).default(300),
  // Origins whose pages may call /api from the browser (their single-page app); none by default.
  API_CORS_ORIGINS: optional
    .transform((value) => (value ? value.split(',').map((origin) => origin.trim().replace(/\/+$/, '')) : []))
    .refine(
      (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
      {
        message: 'API_CORS_ORIGINS must list origins like https://app.example.org, separated by commas',
      },
    ),
  // An upstream backend to serve the site from instead of the embedded store (docs/api.md).
  API_URL: url('API_URL').transform((value) => value?.replace(/\/+$/, '')),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // The most upcoming bookings a member may hold on one resource whose admin left that limit empty
  // (docs/product.md §10): without one, a member once filled a machine's whole horizon.
  BOOKING_MAX_UPCOMING: z.coerce.number().int().min(1).max(1000).default(10),
  // How long a worker's claim on a job holds (app/.server/jobs.ts): a job whose instance died is
  // taken again after it. Longer than any one job runs (a mail takes seconds).
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  // The longest one wait on the mail server may take (connecting, its greeting, each answer); a
  // whole message gets twice this. Under the lease and nginx's 60 s (parseConfig checks the lease),
  // so a mail server that stops answering fails an attempt instead of holding a worker.
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  // No-show strikes (docs/product.md §10 'Strikes'): this many unwaived within STRIKE_DAYS stop new
  // bookings for SUSPENSION_DAYS from the last of them.
  STRIKES_TO_SUSPEND: z.coerce.number().int().min(1).max(100).default(3),
  STRIKE_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  SUSPENSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  // Uploaded files in an S3-compatible bucket instead of DATA_DIR/assets when S3_BUCKET is set; the
  // rest also serve `db copy --assets-to s3://bucket` (docs/architecture.md §9).
  S3_BUCKET: optional,
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_REGION: optional.transform((value) => value ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  FIREBASE_PROJECT_ID: optional,
  FIREBASE_API_KEY: optional,
  FIREBASE_SERVICE_ACCOUNT: optional,
  GOOGLE_APPLICATION_CREDENTIALS: optional,
  FIREBASE_AUTH_EMULATOR_HOST: optional.refine(
    (value) => value === undefined || /^[\w.-]+:\d+$/.test(value),
    'FIREBASE_AUTH_EMULATOR_HOST must be host:port',
  ),
});

/** What the Firebase provider needs (IDENTITY_PROVIDER=firebase); checked before start-up goes on. */
export interface FirebaseSettings {
  projectId: string;
  apiKey: string;
  /** The service account (null against the emulator, which needs none). */
  serviceAccount: { project_id: string; client_email: string; private_key: string } | null;
  emulatorHost: string | null;
}

const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

/** Firebase settings from a parsed environment; throws one line naming what is missing or wrong. */
export function firebaseSettings(env: z.infer<typeof EnvSchema>): FirebaseSettings {
  const fail = (line: string): never => {
    throw new Error(`Invalid configuration: ${line}`);
  };
  const projectId =
    env.FIREBASE_PROJECT_ID ?? fail('FIREBASE_PROJECT_ID is required when IDENTITY_PROVIDER=firebase');
  const apiKey = env.FIREBASE_API_KEY ?? fail('FIREBASE_API_KEY is required when IDENTITY_PROVIDER=firebase');
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  let source: { name: string; text: string } | null = null;
  if (env.FIREBASE_SERVICE_ACCOUNT)
    source = { name: 'FIREBASE_SERVICE_ACCOUNT', text: env.FIREBASE_SERVICE_ACCOUNT };
  else if (env.GOOGLE_APPLICATION_CREDENTIALS) {
    const file = env.GOOGLE_APPLICATION_CREDENTIALS;
    if (!fs.existsSync(file)) fail(`GOOGLE_APPLICATION_CREDENTIALS: no file at ${file}`);
    source = { name: 'GOOGLE_APPLICATION_CREDENTIALS', text: fs.readFileSync(file, 'utf8') };
  }
  if (!source) {
    if (emulatorHost) return { projectId, apiKey, serviceAccount: null, emulatorHost };
    return fail(
      'FIREBASE_SERVICE_ACCOUNT (JSON) or GOOGLE_APPLICATION_CREDENTIALS (a file) is required when IDENTITY_PROVIDER=firebase',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(source.text);
  } catch {
    return fail(`${source.name} is not valid JSON`);
  }
  const account = ServiceAccountSchema.safeParse(json);
  if (!account.success)
    return fail(
      `${source.name} is not a service-account key (needs project_id, client_email and private_key)`,
    );
  return { projectId, apiKey, serviceAccount: account.data, emulatorHost };
}

export type Config = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  firebase: FirebaseSettings | null;
};

/** Parses an environment; throws one readable line per bad variable. Exported for tests. */
export function parseConfig(env: Record<string, string | undefined>): z.infer<typeof EnvSchema> {
  const result = EnvSchema.superRefine((value, context) => {
    // Instances sharing a database must share the secret that signs their cookies: a generated
    // one would live on one instance's disk.
    if (isPostgresUrl(value.DATABASE_URL) && !value.SESSION_SECRET)
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'SESSION_SECRET is required with a PostgreSQL DATABASE_URL (every instance must use the same one)',
      });
    // A reset code in the log is a password for whoever reads the log: fine on a laptop, not on a
    // site that mails its public address to members.
    if (
      value.NODE_ENV === 'production' &&
      !value.SMTP_URL &&
      !value.MAIL_LINKS_IN_LOG &&
      isPublicUrl(value.PUBLIC_URL ?? '')
    )
      context.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production: without it every mail link (reset codes included) is written to the log; set MAIL_LINKS_IN_LOG=1 to run that way on purpose',
      });
    if (2 * value.SMTP_TIMEOUT_SECONDS >= value.JOB_LEASE_SECONDS)
      context.addIssue({
        code: 'custom',
        path: ['SMTP_TIMEOUT_SECONDS'],
        message:
          'SMTP_TIMEOUT_SECONDS must be under half of JOB_LEASE_SECONDS: a mail must end within its lease',
      });
    if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY))
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    if (value.S3_BUCKET && value.API_URL)
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET cannot be used with API_URL (the backend keeps the files)',
      });
  }).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new Error(`Invalid configuration: ${lines.join('; ')}`);
  }
  return result.data;
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR with mode 0600. */
function sessionSecret(dataDir: string, fromEnv: string | undefined) {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  console.log(`No SESSION_SECRET set: generated one and stored it in ${file}`);
  return secret;
}

function load(): Config {
  let parsed: z.infer<typeof EnvSchema>;
  let firebase: FirebaseSettings | null = null;
  try {
    parsed = parseConfig(process.env);
    if (parsed.IDENTITY_PROVIDER === 'firebase') firebase = firebaseSettings(parsed);
    else if (parsed.API_URL)
      throw new Error(
        'Invalid configuration: API_URL needs IDENTITY_PROVIDER=firebase (writes to the backend carry the member’s Firebase ID token)',
      );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  fs.mkdirSync(parsed.DATA_DIR, { recursive: true });
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    SESSION_SECRET: sessionSecret(parsed.DATA_DIR, parsed.SESSION_SECRET),
    firebase,
  };
}

export const config: Config = load();
