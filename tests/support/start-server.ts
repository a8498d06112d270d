// Prepares one DATA_DIR and serves the built app on it (see servers.ts). Run by Playwright's webServer.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';
import { serverPort, type ServerName } from './servers';

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
let smtp: SMTPServer | undefined;
if (name === 'seeded') {
  let count = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        fs.writeFileSync(
          path.join(mailDir, `${String(++count).padStart(5, '0')}.eml`),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
}

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
};
const tsx = path.resolve('node_modules/.bin/tsx');

if (name === 'seeded') execFileSync(tsx, ['scripts/seed-demo.ts'], { env, stdio: 'inherit' });
else execFileSync(tsx, ['scripts/migrate.ts'], { env, stdio: 'inherit' });

if (name === 'broken') {
  // A store that answers /healthz but fails every member, post and project query.
  const db = new Database(path.join(dataDir, 'makerspace.sqlite'));
  db.pragma('foreign_keys = OFF');
  for (const table of ['project_members', 'projects', 'posts', 'sessions', 'users', 'assets'])
    db.exec(`DROP TABLE ${table}`);
  db.close();
}

const server = spawn(process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'], {
  env,
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  smtp?.close();
  oidcServer.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
