// `npm start`: build once when no build exists, then serve it with remix-serve.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('build/index.js')) {
  const build = spawnSync('npx', ['remix', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
