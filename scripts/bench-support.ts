// What `npm run bench` (scripts/bench.ts) and its scale run (scripts/bench-scale.ts) measure with.
import fs from 'node:fs';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

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
