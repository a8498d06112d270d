// The app servers the end-to-end tests run against: the built app (`remix-serve build/index.js`)
// on 127.0.0.1, each with its own temporary DATA_DIR filled through the real CLI.
//   seeded: `npm run seed:demo` data
//   empty:  a fresh database, honest empty states
//   broken: the store really fails (its tables are dropped after migrating)
//   nomail: a fresh database whose mail server is down (SMTP_URL points at a closed port)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export type ServerName = 'seeded' | 'empty' | 'broken' | 'nomail';
export const SERVER_NAMES: ServerName[] = ['seeded', 'empty', 'broken', 'nomail'];

/** A free loopback port, found once in the main process and handed to workers through env. */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}

export function serverPort(name: ServerName): number {
  const key = `E2E_PORT_${name.toUpperCase()}`;
  process.env[key] ??= String(freePort());
  return Number(process.env[key]);
}

export const baseUrl = (name: ServerName) => `http://127.0.0.1:${serverPort(name)}`;

/** Each server's DATA_DIR, named by its port so tests can find it. */
export const dataDir = (name: ServerName) =>
  path.join(os.tmpdir(), `makerspace-e2e-${name}-${serverPort(name)}`);

/** Where the seeded server's SMTP server writes what it receives. */
export const mailDir = (name: ServerName) => `${dataDir(name)}-mail`;
