// Prepares one DATA_DIR and serves the built app on it (see servers.ts). Run by Playwright's webServer.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Provider from 'oidc-provider';
import { EMULATOR_API_KEY, EMULATOR_PROJECT_ID, startEmulator } from './firebase-emulator';
import { catchMail, startRemoteSite } from './remote-site';
import { startCluster } from './cluster';
import { startPostgres } from './postgres';
import { startS3 } from './s3';
import { serverPort, storeEnv, type ServerName } from './servers';
import { SERVER_ARGS } from '../../scripts/server-command';

const name = process.argv[2] as ServerName;
const port = String(serverPort(name));
const dataDir = path.join(os.tmpdir(), `makerspace-e2e-${name}-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir);
// A real SMTP server on loopback catches the seeded server's mail as .eml files (tests read them);
// the others point at a closed port, so their mail server is "down".
const mailDir = `${dataDir}-mail`;
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir);
const smtpPort = serverPort(name, 'smtp');
const seeded = name === 'seeded' || name === 'firebase' || name === 'cluster';
const smtp = seeded ? await catchMail(smtpPort, mailDir) : undefined;

// A real OpenID Connect issuer on loopback stands in for Google (its dev login accepts any name;
// the name is the e-mail, and names starting "unverified" come back with email_verified false).
export const OIDC_CLIENT = { id: 'makerspace-e2e', secret: 'e2e-secret-not-for-production-use' };
const oidcPort = serverPort(name, 'oidc');
const oidc = new Provider(`http://127.0.0.1:${oidcPort}`, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`http://127.0.0.1:${port}/auth/google/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: async (_ctx: unknown, id: string) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), name: id }),
  }),
  cookies: { keys: ['e2e-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  // Like Google, put the e-mail claims in the ID token itself (Firebase's signInWithIdp reads them there).
  conformIdTokenClaims: false,
});
const oidcServer = oidc.listen(oidcPort, '127.0.0.1');

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  NODE_ENV: 'production' as const,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
  GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_ISSUER_URL: `http://127.0.0.1:${oidcPort}`,
  // The single-page app origin the API contract tests call from.
  API_CORS_ORIGINS: 'http://app.example.test',
};
// The firebase server signs members in through the real Auth emulator. Sessions ask it again
// every 2 s (not 5 min) so a test can watch a disabled account being signed out.
const emulator =
  name === 'firebase'
    ? await startEmulator({
        auth: serverPort(name, 'auth'),
        hub: serverPort(name, 'hub'),
        logging: serverPort(name, 'logging'),
      })
    : undefined;
if (emulator) {
  Object.assign(env, {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: EMULATOR_API_KEY,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    IDENTITY_RECHECK_SECONDS: '2',
  });
}
// The cluster keeps its rows in a throw-away PostgreSQL cluster and its files in an S3 bucket.
const postgres = name === 'cluster' ? startPostgres(`${dataDir}-pg`, serverPort(name, 'pg')) : undefined;
const s3 =
  name === 'cluster' ? await startS3(`${dataDir}-s3`, ['makerspace'], serverPort(name, 's3')) : undefined;
Object.assign(env, storeEnv(name));
const tsx = path.resolve('node_modules/.bin/tsx');

// Not execFileSync: the S3 server lives in this process and must go on answering the seed.
const prepared = spawn(tsx, [seeded ? 'scripts/seed-demo.ts' : 'scripts/migrate.ts'], {
  env,
  stdio: 'inherit',
});
const [code] = (await once(prepared, 'exit')) as [number | null];
if (code !== 0) throw new Error(`preparing the ${name} server's store failed (exit ${code})`);

if (name === 'broken') {
  // A store that answers /healthz but fails every member, post and project query.
  const db = new Database(path.join(dataDir, 'makerspace.sqlite'));
  db.pragma('foreign_keys = OFF');
  for (const table of ['project_members', 'projects', 'posts', 'sessions', 'users', 'assets'])
    db.exec(`DROP TABLE ${table}`);
  db.close();
}

// The cluster is two instances behind nginx on this server's port; the rest one process.
const cluster =
  name === 'cluster'
    ? startCluster(
        `${dataDir}-nginx`,
        Number(port),
        [serverPort(name, 'node1'), serverPort(name, 'node2')],
        env,
      )
    : undefined;
const server = cluster
  ? cluster.instances[0]
  : spawn(process.execPath, SERVER_ARGS, {
      env,
      stdio: 'inherit',
    });
// Site B of the api-js/api-nojs projects: this site's /api is its backend.
const remote = name === 'firebase' ? await startRemoteSite(env) : undefined;
const stop = () => {
  remote?.stop();
  if (cluster) cluster.stop();
  else server.kill('SIGTERM');
  postgres?.stop();
  void s3?.stop();
  void emulator?.stop();
  smtp?.close();
  oidcServer.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await emulator?.stop();
  postgres?.stop();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
// Started detached by a setup project: stop with the test run even if its teardown never runs.
const runner = Number(process.env.E2E_RUNNER_PID);
if (runner) {
  setInterval(() => {
    try {
      process.kill(runner, 0);
    } catch {
      stop();
    }
  }, 2000).unref();
}
