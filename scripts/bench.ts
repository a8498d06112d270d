// `npm run bench`: the performance budget of docs/architecture.md §7, measured. Builds nothing: run
// `npm run build` first. Seeds a throwaway DATA_DIR, serves the build on 127.0.0.1 and prints:
//   - JavaScript each public page loads (gzip bytes, as the browser fetches it)
//   - /members latency: 200 sequential requests (median, p95), then autocannon with 10 connections
//   - /members median with a second site in front of the first (API_URL = its /api), side by side
//   - /members throughput on SQLite, on PostgreSQL, and on PostgreSQL with two instances behind
//     nginx (a throw-away PostgreSQL cluster and a private nginx, as the cluster tests use)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { healthy } from '../tests/support/app-server';
import { chromiumLaunchOptions, freePort } from '../tests/support/browser';
import { startCluster, type Cluster } from '../tests/support/cluster';
import { startPostgres } from '../tests/support/postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production' as const,
};
execFileSync('node_modules/.bin/tsx', ['scripts/seed-demo.ts'], { env, stdio: 'ignore' });
const server = spawn(process.execPath, ['scripts/start.js'], {
  env,
  stdio: 'ignore',
});
let front: ReturnType<typeof spawn> | undefined;
const frontDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-front-'));
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-pg-'));
let cluster: Cluster | undefined;
let stopPostgres: (() => void) | undefined;

/** Sequential GETs of `url` after 20 to warm up: median and p95 in ms. */
async function sequential(url: string, count = 200) {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const start = performance.now();
    const response = await fetch(url);
    await response.text();
    if (i >= 20) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))];
  return { median: at(0.5), p95: at(0.95) };
}

try {
  await healthy(base);

  const browser = await chromium.launch(chromiumLaunchOptions);
  const pages = [
    '/',
    '/members',
    '/members/niamh_walsh',
    '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
    '/portfolio',
    '/portfolio/open-quadruped',
  ];
  console.log('JavaScript per page (gzip):');
  for (const pagePath of pages) {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(base + pagePath, { waitUntil: 'networkidle' });
    let gzip = 0;
    for (const url of scripts)
      gzip += zlib.gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    console.log(`  ${pagePath.padEnd(50)} ${(gzip / 1024).toFixed(1)} KB in ${scripts.size} files`);
    await page.close();
  }
  await browser.close();

  const alone = await sequential(`${base}/members`);
  console.log(
    `/members sequential, 200 requests: median ${alone.median.toFixed(1)} ms, p95 ${alone.p95.toFixed(1)} ms`,
  );

  const load = (url: string) => autocannon({ url, connections: 10, duration: 10 });
  const result = await load(`${base}/members`);
  console.log(
    `/members autocannon, 10 connections, 10 s: ${result.requests.average.toFixed(0)} req/s, median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );

  // A second site in front of this one (docs/api.md): its pages read this site's /api. Public
  // pages never ask the identity provider, so its Firebase settings point at nothing.
  const frontPort = await freePort();
  const frontBase = `http://127.0.0.1:${frontPort}`;
  const frontEnv = {
    ...env,
    DATA_DIR: frontDir,
    PORT: String(frontPort),
    API_URL: `${base}/api`,
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: 'demo-bench',
    FIREBASE_API_KEY: 'bench',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
  };
  execFileSync('node_modules/.bin/tsx', ['scripts/migrate.ts'], { env: frontEnv, stdio: 'ignore' });
  front = spawn(process.execPath, ['scripts/start.js'], { env: frontEnv, stdio: 'ignore' });
  await healthy(frontBase);
  const [direct, inFront] = [await sequential(`${base}/members`), await sequential(`${frontBase}/members`)];
  console.log(
    `/members median, 200 sequential requests: this site alone ${direct.median.toFixed(1)} ms, a second site in front of it (API_URL) ${inFront.median.toFixed(1)} ms (${(inFront.median / direct.median).toFixed(2)}x)`,
  );

  // The same demo data on PostgreSQL: one instance, then two behind nginx.
  const pg = startPostgres(pgDir, await freePort());
  stopPostgres = pg.stop;
  const pgEnv = {
    ...env,
    DATA_DIR: path.join(pgDir, 'files'),
    DATABASE_URL: pg.url,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  };
  execFileSync('node_modules/.bin/tsx', ['scripts/seed-demo.ts'], { env: pgEnv, stdio: 'ignore' });
  const proxyPort = await freePort();
  cluster = startCluster(
    path.join(pgDir, 'nginx'),
    proxyPort,
    [await freePort(), await freePort()],
    {
      ...pgEnv,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    },
    'ignore',
  );
  const instance = `http://127.0.0.1:${cluster.ports[0]}`;
  const proxy = `http://127.0.0.1:${proxyPort}`;
  await healthy(instance);
  await healthy(`http://127.0.0.1:${cluster.ports[1]}`);
  await healthy(proxy);
  const rate = (figure: autocannon.Result) =>
    `${figure.requests.average.toFixed(0)} req/s (p99 ${figure.latency.p99} ms)`;
  const onPostgres = await load(`${instance}/members`);
  const behindNginx = await load(`${proxy}/members`);
  console.log(
    `/members throughput, 10 connections, 10 s each: SQLite, one instance ${rate(result)}; PostgreSQL, one instance ${rate(onPostgres)}; PostgreSQL, two instances behind nginx ${rate(behindNginx)}`,
  );
} finally {
  cluster?.stop();
  stopPostgres?.();
  front?.kill('SIGTERM');
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(frontDir, { recursive: true, force: true });
}
