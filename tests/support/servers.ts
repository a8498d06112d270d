// The app servers the end-to-end tests run against: the built app (SERVER_ARGS, as `npm start`)
// on 127.0.0.1, each with its own temporary DATA_DIR filled through the real CLI.
//   seeded: `npm run seed:demo` data
//   empty:  a fresh database, honest empty states
//   broken: the store really fails (its tables are dropped after migrating)
//   nomail: a fresh database whose mail server is down (SMTP_URL points at a closed port)
//   cluster: seeded like `seeded` into a throw-away PostgreSQL cluster (tests/support/postgres.ts),
//             served by two instances behind nginx round robin (tests/support/cluster.ts); the
//             cluster-js project runs the journeys that touch the store on it
//   firebase: seeded like `seeded`, with IDENTITY_PROVIDER=firebase on the Firebase Auth emulator;
//             started by the firebase-setup project (tests/firebase), not as a webServer, so only
//             runs that include the Firebase projects pay for the emulator
//   remote:   site B, API_URL = the firebase server's /api (tests/support/remote-site.ts), started
//             with the firebase server; the api-js and api-nojs projects run on it
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

export type ServerName = 'seeded' | 'empty' | 'broken' | 'nomail' | 'cluster' | 'firebase' | 'remote';
/** The servers Playwright may start as webServers (serversFor picks those a run needs). */
export const SERVER_NAMES: ServerName[] = ['seeded', 'empty', 'broken', 'nomail', 'cluster'];

interface ProjectServers {
  name?: string;
  dependencies?: string[];
  metadata?: { servers?: ServerName[] };
}

/**
 * The webServers of the projects this run includes (Playwright's `--project` names and wildcards
 * in `argv`, each with its dependencies): starting the PostgreSQL cluster and nginx for a run of
 * `js` and `nojs` alone cost a core for half a minute. Every server when no project is named.
 */
export function serversFor(projects: ProjectServers[], argv: string[]): ServerName[] {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
    else if (arg === '--project')
      for (const next of argv.slice(i + 1)) {
        if (next.startsWith('-')) break;
        names.push(next);
      }
  });
  if (!names.length) return SERVER_NAMES;
  const matches = (pattern: string, name: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(name);
  const chosen = new Set<string>();
  const add = (name: string) => {
    if (chosen.has(name)) return;
    chosen.add(name);
    projects.find((p) => p.name === name)?.dependencies?.forEach(add);
  };
  for (const { name = '' } of projects) if (names.some((n) => matches(n, name))) add(name);
  const needed = projects.filter((p) => chosen.has(p.name ?? '')).flatMap((p) => p.metadata?.servers ?? []);
  return SERVER_NAMES.filter((name) => needed.includes(name));
}

type PortKind = 'app' | 'smtp' | 'oidc' | 'auth' | 'hub' | 'logging' | 'node1' | 'node2' | 'pg' | 's3';
const PORT_KINDS: PortKind[] = [
  'app',
  'smtp',
  'oidc',
  'auth',
  'hub',
  'logging',
  'node1',
  'node2',
  'pg',
  's3',
];
const ALL_SERVERS: ServerName[] = [...SERVER_NAMES, 'firebase', 'remote'];

/**
 * The seeded server the running test's project signs in on: the account journeys run once on
 * `seeded` (local identity provider) and again on `firebase`.
 */
export function currentServer(): 'seeded' | 'firebase' | 'remote' | 'cluster' {
  try {
    const project = test.info().project.name;
    if (project === 'api-js' || project === 'api-nojs') return 'remote';
    if (project.startsWith('cluster-')) return 'cluster';
    return project.startsWith('firebase') || project === 'api-firebase' ? 'firebase' : 'seeded';
  } catch {
    return 'seeded';
  }
}

/**
 * Every port the servers need, reserved at once in one process (all listening together, so no two
 * are the same) and handed to the webServers and workers through env. Picking them one by one in
 * several processes let two servers race for the same port.
 */
function reservedPorts(): Record<string, number> {
  const count = ALL_SERVERS.length * PORT_KINDS.length;
  const script = `const net=require('net');const ss=[];let n=${count};
    for(let i=0;i<${count};i++){const s=net.createServer();ss.push(s);s.listen(0,'127.0.0.1',()=>{if(--n===0){
    console.log(JSON.stringify(ss.map(x=>x.address().port)));ss.forEach(x=>x.close())}})}`;
  process.env.E2E_PORTS ??= execFileSync(process.execPath, ['-e', script]).toString().trim();
  const ports = JSON.parse(process.env.E2E_PORTS) as number[];
  return Object.fromEntries(
    ALL_SERVERS.flatMap((name, i) =>
      PORT_KINDS.map((kind, j) => [`${name}:${kind}`, ports[i * PORT_KINDS.length + j]]),
    ),
  );
}

export function serverPort(name: ServerName, kind: PortKind = 'app'): number {
  return reservedPorts()[`${name}:${kind}`];
}

export const baseUrl = (name: ServerName) => `http://127.0.0.1:${serverPort(name)}`;

/** Each server's DATA_DIR, named by its port so tests can find it. */
export const dataDir = (name: ServerName) =>
  path.join(os.tmpdir(), `makerspace-e2e-${name}-${serverPort(name)}`);

/** Where the seeded server's SMTP server writes what it receives. */
export const mailDir = (name: ServerName) => `${dataDir(name)}-mail`;

/** The environment that points the site and the CLI at a server's store (PostgreSQL for `cluster`). */
export const storeEnv = (name: ServerName) => ({
  DATA_DIR: dataDir(name),
  ...(name === 'cluster'
    ? {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${serverPort(name, 'pg')}/postgres`,
        // Every instance signs cookies with the same secret.
        SESSION_SECRET: 'cluster-session-secret-for-the-e2e-tests-only',
        // Files in an S3-compatible store (tests/support/s3.ts), so no instance needs another's disk.
        S3_BUCKET: 'makerspace',
        S3_ENDPOINT: `http://127.0.0.1:${serverPort(name, 's3')}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }
    : {}),
});
