// `npm start`: build once when there is no build, then run the server (server/index.ts, built into
// build/server.js) in this process. Every script and test that starts the site comes through here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

process.env.NODE_ENV ??= 'production';
const entry = new URL('../build/server.js', import.meta.url);
if (!fs.existsSync(entry)) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(entry.href);
