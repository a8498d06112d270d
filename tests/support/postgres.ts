// A throw-away PostgreSQL cluster on loopback for the tests (Debian's postgresql package): initdb
// into a temp folder, start it on a free port, drop it at the end. As root it runs as the
// `postgres` user (initdb and the server refuse root).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian keeps the server's programs (not on PATH), or PATH when they are elsewhere. */
function binary(name: string) {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return name;
  const version = fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .find((candidate) => fs.existsSync(path.join(root, candidate, 'bin', name)));
  return version ? path.join(root, version, 'bin', name) : name;
}

/** True when PostgreSQL's server programs are installed (Debian's folder, or on PATH). */
export function hasPostgres() {
  const initdb = binary('initdb');
  return initdb !== 'initdb' || spawnSync('initdb', ['--version'], { stdio: 'ignore' }).status === 0;
}

const asRoot = process.getuid?.() === 0;

/** The command line for one of the server's programs, as the postgres user when we are root. */
const commandFor = (program: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', binary(program), ...args]] : [binary(program), args];

function run(program: string, args: string[]) {
  execFileSync(...commandFor(program, args), { stdio: 'pipe' });
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The URL of the cluster a test server uses (its database is the default `postgres`). */
export const postgresUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

/** Starts a fresh cluster in `dir` on `port`; returns its URL and a stop function. */
export function startPostgres(dir: string, port: number) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // The server runs as our child, not daemonised by pg_ctl: if the test run is killed, it goes too.
  const server = spawn(
    ...commandFor('postgres', [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
    ]),
    { stdio: ['ignore', 'ignore', fs.openSync(path.join(dir, 'server.log'), 'a')] },
  );
  const ready = () =>
    spawnSync(binary('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0;
  for (let waited = 0; !ready(); waited += 200) {
    if (waited > 30_000)
      throw new Error(
        `PostgreSQL did not start: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-500)}`,
      );
    pause(200);
  }
  let stopped = false;
  return {
    url: postgresUrl(port),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        server.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new empty database on the cluster of `url` (a test that needs a store of its own); its URL. */
export async function freshDatabase(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.href;
}
