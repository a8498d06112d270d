// `npm run bench`: the performance figures of docs/performance.md, measured side by side in one
// run. Builds nothing: run `npm run build` first. Seeds a throwaway DATA_DIR with the demo data,
// serves the build on 127.0.0.1 and prints:
//   - start-up: from starting the server (as `npm start` does) to the first 200 on /healthz
//   - the legal texts' Markdown on hostile input, as ratios (scripts/bench-markdown.ts)
//   - HTML and JavaScript (gzip, as the browser fetches it) per page, for a visitor and a member
//   - throughput, p50 and p99 of the read pages at 10 connections for a signed-out visitor and a
//     signed-in member, as ratios to the limits: the same bytes sent from memory by a bare
//     node:http server, and by nginx from files
//   - the server's resident memory after that load
//   - 10 clients booking random slots of a bench resource through /api for 10 s
//   - 'Find the next free time' over a year of bookings, against reading a week's calendar
//     (scripts/bench-next-free.ts)
//   - /admin/usage over a year of 1,000 members' bookings, and a resource page's quiet hours
//     (scripts/bench-usage.ts)
//   - /members with a second site in front (API_URL), and on PostgreSQL, one instance and two
//     behind nginx (a throw-away PostgreSQL cluster and a private nginx, as the cluster tests use)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type autocannon from 'autocannon';
import { healthy } from '../tests/support/app-server';
import { chromiumLaunchOptions, freePort } from '../tests/support/browser';
import { startCluster, type Cluster } from '../tests/support/cluster';
import { startPostgres } from '../tests/support/postgres';
import {
  answering,
  bookingLoad,
  gzipSize,
  kb,
  load,
  LOAD_SECONDS,
  memoryServerSource,
  rate,
  rssOf,
  startStaticNginx,
} from './bench-support';
import { crowdSize } from './crowd';
import { READ_PAGES, startDemoSite } from './demo-site';
import { freshMember } from '../tests/e2e/accounts';
import { markdownCost } from './bench-markdown';
import { SERVER_ARGS } from './server-command';

/** scripts/bench-credits.ts in a child process with a throw-away store (SQLite): its figures. */
function creditsCost() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-credits-'));
  try {
    const out = execFileSync('npx', ['tsx', 'scripts/bench-credits.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as {
      rounds: number;
      freeMs: number;
      costlyMs: number;
      ratio: number;
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** scripts/bench-next-free.ts in a child process with a throw-away store (SQLite): its figures. */
function nextFreeCost() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-next-free-'));
  try {
    const out = execFileSync('npx', ['tsx', 'scripts/bench-next-free.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as {
      rounds: number;
      rows: number;
      aloneMs: number;
      groupMs: number;
      weekMs: number;
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** scripts/bench-usage.ts in a child process with a throw-away store (SQLite): its figures. */
function usageCost() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-usage-'));
  try {
    const out = execFileSync('npx', ['tsx', 'scripts/bench-usage.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as {
      rounds: number;
      rows: number;
      members: number;
      usageMs: number;
      freshMs: number;
      weekMs: number;
      withQuietMs: number;
      quietMs: number;
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- --members N --posts M`: the pages whose cost must not grow with the community,
// on the demo data and on the demo data with that crowd, side by side (scripts/bench-scale.ts).
const crowd = crowdSize(process.argv.slice(2));
if (crowd.members) {
  const { benchScale } = await import('./bench-scale');
  await benchScale(crowd);
  process.exit(0);
}

const BOOKING_SECONDS = 10;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-static-'));
const site = await startDemoSite();
const { base, env } = site;
let front: ReturnType<typeof spawn> | undefined;
let memoryServer: ReturnType<typeof spawn> | undefined;
let nginx: { stop: () => void } | undefined;
const frontDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-front-'));
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-bench-pg-'));
let cluster: Cluster | undefined;
let stopPostgres: (() => void) | undefined;

/** Sequential GETs of `url` after 20 to warm up: median in ms. */
async function sequentialMedian(url: string, headers: Record<string, string> = {}, count = 200) {
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const start = performance.now();
    await (await fetch(url, { headers })).text();
    if (i >= 20) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/** HTML and gzip JavaScript bytes of `pagePath` as a browser with `cookie` loads it. */
async function pageBytes(browser: Browser, pagePath: string, cookie?: string) {
  const context = await browser.newContext({ extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(base + pagePath, { waitUntil: 'networkidle' });
  let js = 0;
  for (const url of scripts) js += gzipSize(Buffer.from(await (await fetch(url)).arrayBuffer()));
  const html = Buffer.from(
    await (await fetch(base + pagePath, { headers: cookie ? { Cookie: cookie } : {} })).arrayBuffer(),
  );
  await context.close();
  return { html, js, scripts: scripts.size };
}

try {
  console.log(
    `Start-up, from starting the server to the first 200 on /healthz: ${site.startupMs.toFixed(0)} ms`,
  );
  const markdown = markdownCost();
  console.log(
    `Markdown, the test's hostile input (${markdown.chars} characters): ${markdown.hostileMs.toFixed(0)} ms of CPU, ${markdown.toOrdinary.toFixed(0)}x the privacy notice at that length (${markdown.ordinaryMs.toFixed(1)} ms), ${markdown.toHalf.toFixed(1)}x itself at half the length (2: linear, 4: quadratic)`,
  );

  const credits = creditsCost();
  console.log(
    `Booking a resource that costs credits (its hold made in the booking's transaction), median of ${credits.rounds}: ${credits.costlyMs.toFixed(1)} ms against ${credits.freeMs.toFixed(1)} ms for one that costs nothing, ${credits.ratio.toFixed(2)}x (goal: at most 1.5x)`,
  );

  const free = nextFreeCost();
  console.log(
    `'Find the next free time' over a year of hourly bookings (${free.rows} rows), median of ${free.rounds}: ${free.aloneMs.toFixed(1)} ms for one machine (goal: under 100 ms), ${free.groupMs.toFixed(1)} ms for a group of three equivalents, against ${free.weekMs.toFixed(1)} ms to read its week's calendar (${(free.aloneMs / free.weekMs).toFixed(2)}x and ${(free.groupMs / free.weekMs).toFixed(2)}x)`,
  );

  const usage = usageCost();
  console.log(
    `/admin/usage for a year of the whole lab (${usage.rows} rows, ${usage.members} members), asked after one booking in it changed, median of ${usage.rounds}: ${usage.usageMs.toFixed(0)} ms (goal: under 200 ms; the days that are over and unchanged are kept), the first ask after a start ${usage.freshMs.toFixed(0)} ms; a resource page's reads with its quiet hours ${usage.withQuietMs.toFixed(1)} ms against ${usage.weekMs.toFixed(1)} ms without, ${(usage.withQuietMs / usage.weekMs).toFixed(2)}x (goal: at most 1.2x; kept for the week: the week's first ask takes ${usage.quietMs.toFixed(1)} ms more)`,
  );

  const browser = await chromium.launch(chromiumLaunchOptions);
  const member = freshMember();
  const cookie = await site.memberCookie(browser, member);
  console.log('\nBytes per page: HTML (gzip) and JavaScript (gzip), for a visitor | for a signed-in member');
  const visitorHtml = new Map<string, Buffer>();
  for (const pagePath of READ_PAGES) {
    const visitor = await pageBytes(browser, pagePath);
    const member = await pageBytes(browser, pagePath, cookie);
    visitorHtml.set(pagePath, visitor.html);
    const figures = (bytes: typeof visitor) =>
      `HTML ${kb(bytes.html.length)} (${kb(gzipSize(bytes.html))}), JS ${kb(bytes.js)} in ${bytes.scripts} files`;
    console.log(`  ${pagePath.padEnd(48)} ${figures(visitor)} | ${figures(member)}`);
  }
  // Pages with forms: a visitor's, then a member's.
  for (const [pagePath, who] of [
    ['/login', undefined],
    ['/register', undefined],
    ['/profile', cookie],
    ['/profile?edit', cookie],
    ['/posts/new', cookie],
  ] as const) {
    const bytes = await pageBytes(browser, pagePath, who);
    console.log(
      `  ${pagePath.padEnd(48)} HTML ${kb(bytes.html.length)}, JS ${kb(bytes.js)} in ${bytes.scripts} files${who ? ' (member)' : ''}`,
    );
  }
  await browser.close();

  // The limits a visitor's page is measured against, sending the same bytes: a bare node:http
  // server answering from memory (write head, end body) in its own process, and nginx serving them
  // as files (one worker, as the site has one process).
  READ_PAGES.forEach((pagePath, i) =>
    fs.writeFileSync(path.join(staticDir, `${i}.html`), visitorHtml.get(pagePath)!),
  );
  const memoryPort = await freePort();
  memoryServer = spawn(process.execPath, ['-e', memoryServerSource(staticDir, memoryPort)], {
    stdio: 'ignore',
  });
  const nginxPort = await freePort();
  nginx = startStaticNginx(path.join(staticDir, 'nginx'), staticDir, nginxPort);
  await answering(`http://127.0.0.1:${memoryPort}/0.html`);
  await answering(`http://127.0.0.1:${nginxPort}/0.html`);

  console.log(
    `\nThroughput at 10 connections, ${LOAD_SECONDS} s each (load average ${os.loadavg()[0].toFixed(2)}, ${os.cpus().length} cores); a visitor's page as a share of the same bytes from memory (bare node:http) and from nginx:`,
  );
  for (const [i, pagePath] of READ_PAGES.entries()) {
    const visitor = await load(base + pagePath);
    const member = await load(base + pagePath, { Cookie: cookie });
    const memory = await load(`http://127.0.0.1:${memoryPort}/${i}.html`);
    const file = await load(`http://127.0.0.1:${nginxPort}/${i}.html`);
    const ratio = (figure: autocannon.Result, limit: autocannon.Result) =>
      (figure.requests.average / limit.requests.average).toFixed(2);
    const ratios = (figure: autocannon.Result) =>
      `${ratio(figure, memory)} of memory, ${ratio(figure, file)} of nginx`;
    console.log(`  ${pagePath}`);
    console.log(
      `    visitor  ${rate(visitor)}, ${ratios(visitor)}, errors ${visitor.errors + visitor.non2xx}`,
    );
    console.log(`    member   ${rate(member)}, ${ratios(member)}, errors ${member.errors + member.non2xx}`);
    console.log(`    memory   ${rate(memory)}`);
    console.log(`    nginx    ${rate(file)}`);
  }
  console.log(`Server RSS after the load: ${(rssOf(site.pid) / 1024 / 1024).toFixed(0)} MB`);

  // Booking: the member's API token on 10 clients, each booking random slots one after another.
  const benchResource = execFileSync('node_modules/.bin/tsx', ['scripts/bench-resource.ts'], {
    env,
    encoding: 'utf8',
  }).trim();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const booking = await bookingLoad(base, Array(10).fill(token), benchResource, BOOKING_SECONDS);
  console.log(
    `Booking, 10 clients for ${BOOKING_SECONDS} s (POST /api/bookings, random 15-minute slots of ${benchResource}): ${booking.booked} bookings made (${(booking.booked / BOOKING_SECONDS).toFixed(0)}/s), ${booking.taken} 'That slot was just taken.', errors ${booking.errors}; p50 ${booking.p50.toFixed(1)} ms, p99 ${booking.p99.toFixed(1)} ms`,
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
  front = spawn(process.execPath, SERVER_ARGS, { env: frontEnv, stdio: 'ignore' });
  await healthy(frontBase);
  // With a cookie (one that signs no one in), so both sites render every time rather than
  // answering from their render caches.
  const rendered = { Cookie: 'bench=1' };
  const [direct, inFront] = [
    await sequentialMedian(`${base}/members`, rendered),
    await sequentialMedian(`${frontBase}/members`, rendered),
  ];
  console.log(
    `\n/members median, 200 sequential rendered requests: this site alone ${direct.toFixed(1)} ms, a second site in front of it (API_URL) ${inFront.toFixed(1)} ms (${(inFront / direct).toFixed(2)}x)`,
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
  const onSqlite = await load(`${base}/members`);
  const onPostgres = await load(`${instance}/members`);
  const behindNginx = await load(`${proxy}/members`);
  console.log(
    `/members by a visitor, 10 connections, ${LOAD_SECONDS} s each: SQLite, one instance ${rate(onSqlite)}; PostgreSQL, one instance ${rate(onPostgres)}; PostgreSQL, two instances behind nginx ${rate(behindNginx)}`,
  );
} finally {
  cluster?.stop();
  stopPostgres?.();
  front?.kill('SIGTERM');
  memoryServer?.kill('SIGTERM');
  nginx?.stop();
  site.stop();
  fs.rmSync(frontDir, { recursive: true, force: true });
  fs.rmSync(staticDir, { recursive: true, force: true });
}
