// `npm run bench`: the performance budget of docs/architecture.md §7, measured. Builds nothing: run
// `npm run build` first. Seeds a throwaway DATA_DIR, serves the build on 127.0.0.1 and prints:
//   - JavaScript each public page loads (gzip bytes, as the browser fetches it)
//   - /members latency: 200 sequential requests (median, p95), then autocannon with 10 connections
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { chromiumLaunchOptions, freePort } from '../tests/support/browser';

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

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 100) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

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

  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/members`);
    await response.text();
    if (i >= 20) times.push(performance.now() - start); // the first 20 warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(`/members sequential, 200 requests: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);

  const result = await autocannon({ url: `${base}/members`, connections: 10, duration: 10 });
  console.log(
    `/members autocannon, 10 connections, 10 s: ${result.requests.average.toFixed(0)} req/s, median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
