// What `npm run bench` (scripts/bench.ts) and its scale run (scripts/bench-scale.ts) measure with.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { nginxBinary } from '../tests/support/cluster';

export const LOAD_SECONDS = 5;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;

/** `url` at 10 connections for `duration` seconds. */
export const load = (url: string, headers: Record<string, string> = {}, duration = LOAD_SECONDS) =>
  autocannon({ url, connections: 10, duration, headers });

export const rate = (figure: autocannon.Result) =>
  `${figure.requests.average.toFixed(0)} req/s (p50 ${figure.latency.p50} ms, p99 ${figure.latency.p99} ms)`;

/** The resident memory of process `pid` (Linux). */
export function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * The CPU time process `pid` has used, in ms (Linux): user and system, its own threads' included
 * (the collector's helpers). /proc counts in clock ticks, a hundredth of a second on Linux.
 */
export function cpuMsOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * `clients` members' clients booking random 15-minute slots of `slug` through /api for `seconds`
 * (each client one request at a time, starts from tomorrow on, so two may race for one): bookings
 * made, the clashes the database refused ('taken'), anything else as errors, and latency.
 */
export async function bookingLoad(base: string, tokens: string[], slug: string, seconds: number) {
  const slots = 80 * 24 * 4;
  const first = new Date();
  first.setUTCHours(24, 0, 0, 0);
  const latencies: number[] = [];
  const counts = { booked: 0, taken: 0, errors: 0 };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        const start = new Date(first.getTime() + Math.floor(Math.random() * slots) * 15 * 60_000);
        const sent = performance.now();
        const response = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ resource: slug, start: start.toISOString(), minutes: 15 }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.status === 201) counts.booked++;
        else if (response.status === 409) counts.taken++;
        else counts.errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
  return { ...counts, requests: latencies.length, p50: at(0.5), p99: at(0.99) };
}

/**
 * A bare node:http server (run with `node -e`) answering `/NAME` with the bytes of file NAME in
 * `dir`, read into memory at start: write head, end body, nothing else. The limit of a Node server.
 */
export const memoryServerSource = (dir: string, port: number) => `
const fs = require('node:fs');
const http = require('node:http');
const files = new Map(fs.readdirSync(${JSON.stringify(dir)}).filter((name) => name.endsWith('.html')).map((name) => [
  '/' + name,
  fs.readFileSync(${JSON.stringify(dir)} + '/' + name),
]));
http.createServer((req, res) => {
  const body = files.get(req.url);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}).listen(${port}, '127.0.0.1');
`;

/** A private nginx (one worker, no access log) serving the files of `root` on 127.0.0.1:`port`. */
export function startStaticNginx(dir: string, root: string, port: number) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
  // nginx's workers may run as another user (root starts them as nobody): let them read here.
  fs.chmodSync(dir, 0o777);
  fs.chmodSync(root, 0o755);
  const conf = `${dir}/nginx.conf`;
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    include /etc/nginx/mime.types;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    server {
        listen 127.0.0.1:${port};
        root ${root};
    }
}
`,
  );
  const nginx = spawn(nginxBinary, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
  return { stop: () => nginx.kill('SIGQUIT') };
}

/** Waits until `url` answers 200. */
export async function answering(url: string, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}
