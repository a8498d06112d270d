// Runs one of the project's scripts (the admin CLI, migrations) as an operator would, without
// blocking this process: a test's S3 server (s3rver) runs in it and must keep answering.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export async function runScript(file: string, env: Record<string, string>, ...args: string[]) {
  const child = spawn('node_modules/.bin/tsx', [file, ...args], { env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, last: out.trim().split('\n').pop() ?? '', stderr: err.trim() };
}

export const adminAsync = (env: Record<string, string>, ...args: string[]) =>
  runScript('scripts/admin.ts', env, ...args);
