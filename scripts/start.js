// `npm start`: build once when there is no build, then run the server (server/index.ts, built into
// build/server.js) in this process. Every script and test that starts the site comes through here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import v8 from 'node:v8';
import { NODE_FLAGS, SERVER_ARGS } from './server-command.js';

process.env.NODE_ENV ??= 'production';
// V8 sizes its heap for the machine, not for this server: on a 24 GB machine it let a crowd's
// garbage pile up to 300-550 MB before collecting it. Growing the heap by 10 % past what survives
// a collection, instead of up to 4x, keeps it near what is live, at no throughput measured
// (docs/decisions/019-heap-growth.md). Set before the server loads.
v8.setFlagsFromString('--heap-growing-percent=10');
// Flags that work only on node's command line (or in NODE_OPTIONS): say so when they are missing.
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
const missing = NODE_FLAGS.filter((flag) => !given.includes(flag));
if (missing.length) {
  console.warn(
    `Started without ${missing.join(' ')}: memory under load will be higher (docs/decisions/020-young-generation.md). ` +
      `Start the server with \`npm start\` or \`${['node', ...SERVER_ARGS].join(' ')}\`.`,
  );
}
const entry = new URL('../build/server.js', import.meta.url);
if (!fs.existsSync(entry)) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(entry.href);
