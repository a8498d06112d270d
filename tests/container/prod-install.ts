// What the Dockerfile's final image does, without Docker (none runs here): production
// dependencies only, in a temporary folder with the build, started as the image starts it.
// Checks /healthz, the landing page and the admin CLI. Run by `npm run test:container`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/browser';
import { SERVER_ARGS } from '../../scripts/server-command';

const root = process.cwd();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-image-'));
const started = Date.now();
const log = (message: string) =>
  console.log(`[container] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

function check(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
  log(`ok: ${message}`);
}

let server: ReturnType<typeof spawn> | undefined;
try {
  if (!fs.existsSync(path.join(root, 'build/server.js')))
    throw new Error('no build: run `npm run build` first');
  // The Dockerfile's final stage, file for file.
  for (const entry of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'build',
    'public',
    'app',
    'scripts',
  ]) {
    fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  // The image's `npm ci --omit=dev`, from the tree this run already installed: a copy pruned of
  // development dependencies is the same tree, without building better-sqlite3 a second time.
  // (The real folder: a symlinked node_modules would be copied as the link and pruned through it.)
  execFileSync('cp', [
    '-a',
    fs.realpathSync(path.join(root, 'node_modules')),
    path.join(dir, 'node_modules'),
  ]);
  execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  log('production dependencies installed');
  check(
    !fs.existsSync(path.join(dir, 'node_modules/@remix-run/dev')),
    'no development dependencies installed',
  );

  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATA_DIR: path.join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  server = spawn(process.execPath, SERVER_ARGS, {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const health = await waitFor(`${base}/healthz`, 30_000);
  check((await health.text()) === 'ok', '/healthz answers ok');
  const home = await fetch(`${base}/`);
  check(
    home.status === 200 && (await home.text()).includes('Dublin Makerspace'),
    '/ serves the landing page',
  );
  // The shipped legal texts are read from app/content at run time, not bundled.
  const privacy = await fetch(`${base}/privacy`);
  check(
    privacy.status === 200 && (await privacy.text()).includes('Data Protection Commission'),
    '/privacy serves the shipped privacy notice',
  );
  const members = await fetch(`${base}/members`);
  check((await members.text()).includes('No members found.'), '/members shows the honest empty state');
  const key = execFileSync(
    'npm',
    ['run', '-s', 'admin', '--', 'invite', 'create', '--note', 'container check'],
    {
      cwd: dir,
      env,
    },
  )
    .toString()
    .trim()
    .split('\n')
    .pop();
  check(/^mk-[\w-]{16}$/.test(key ?? ''), 'the admin CLI runs with production dependencies');
  console.log('1 passed, 0 failed');
} catch (error) {
  console.error(`[container] FAILED: ${(error as Error).message}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  fs.rmSync(dir, { recursive: true, force: true });
}
