// What the Dockerfile's final image does, without Docker (none runs here): production
// dependencies only, in a temporary folder with the build, started as the image starts it, on the
// image's Node. Checks /healthz, the landing page and the admin CLI. Run by `npm run test:container`.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
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

// The image's Node, from the npm registry (tests/container/node pins it; docs/decisions/023-node-24.md):
// its own folder, because its package's bin is `node` and would run every npm script of the main
// install. Installed on first use; later runs find it installed, or in npm's cache.
function imageNode() {
  const folder = path.join(root, 'tests/container/node');
  const name = `node-${process.platform}-${process.arch}`;
  const lock = JSON.parse(fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8'));
  const version: string | undefined = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`tests/container/node has no ${name}: the check runs on Linux`);
  const dir = path.join(folder, 'node_modules', name);
  const installed = path.join(dir, 'package.json');
  if (!fs.existsSync(installed) || JSON.parse(fs.readFileSync(installed, 'utf8')).version !== version)
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  return { version: `v${version}`, dir, bin: path.join(dir, 'bin') };
}

let server: ReturnType<typeof spawn> | undefined;
try {
  if (!fs.existsSync(path.join(root, 'build/server.js')))
    throw new Error('no build: run `npm run build` first');
  const node = imageNode();
  log(`the image's Node ${node.version} ready`);
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
  // The image's Node first on the PATH, for npm, node-gyp, the server and the admin CLI.
  const onImageNode = { ...process.env, PATH: `${node.bin}${path.delimiter}${process.env.PATH}` };
  // The copied better-sqlite3 was built for the Node running this check: rebuild it for the
  // image's, as the image's `npm ci` does (its prebuilt download, else node-gyp with the headers
  // shipped in the Node package, since nodejs.org may be out of reach). That costs about a minute
  // of one core, so the result is kept outside the clone (the user's cache folder), named by
  // everything it is built from: better-sqlite3's version and lock hash, the Node, the platform.
  // A fresh machine builds it once; a clean clone on the same machine, as in CI, reuses it. sharp
  // needs nothing: its prebuilt binaries use Node-API, the same across Node versions.
  const locked = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages[
    'node_modules/better-sqlite3'
  ];
  const inputs = `${locked.version}-${locked.integrity}-${node.version}-${process.platform}-${process.arch}`;
  const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'makerspace');
  const built = path.join(
    cache,
    `better-sqlite3-${locked.version}-node-${node.version}-${crypto.createHash('sha256').update(inputs).digest('hex').slice(0, 12)}.node`,
  );
  const addon = path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (fs.existsSync(built)) {
    fs.copyFileSync(built, addon);
    log(`better-sqlite3 for Node ${node.version} from ${built}`);
  } else {
    execFileSync('npm', ['rebuild', 'better-sqlite3', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: { ...onImageNode, npm_config_nodedir: node.dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Whole or not at all: a check killed mid-copy must not leave a broken addon for the next.
    fs.mkdirSync(cache, { recursive: true });
    fs.copyFileSync(addon, `${built}.${process.pid}`);
    fs.renameSync(`${built}.${process.pid}`, built);
    log(`better-sqlite3 built for Node ${node.version}`);
  }

  const port = await freePort();
  const env = {
    ...onImageNode,
    NODE_ENV: 'production' as const,
    DATA_DIR: path.join(dir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  const version = execFileSync('node', ['--version'], { env }).toString().trim();
  check(version === node.version, `the server and the admin CLI run on Node ${version}`);
  server = spawn('node', SERVER_ARGS, {
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
  // docs/decisions/025-node-22-image.md: on Node 24.19 and later, better-sqlite3 12 built for it
  // aborted the process (SIGABRT) when the garbage collector freed a statement, as Kysely leaves
  // one behind with every query: three runs of three here, within 200,000 statements.
  execFileSync(
    'node',
    [
      '-e',
      "const db = new (require('better-sqlite3'))(':memory:'); db.exec('create table t (a, b)');" +
        "for (let i = 0; i < 200000; i++) db.prepare('insert into t values (?, ?)').run(i, 'x'.repeat(50));",
    ],
    { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  log('ok: 200,000 statements prepared and freed without an abort');
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
