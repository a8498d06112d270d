// Starts the `firebase` server (the app with IDENTITY_PROVIDER=firebase on the real Auth
// emulator, tests/support/start-server.ts) for the firebase-js and firebase-nojs projects. It runs
// detached so it outlives this worker; emulator.teardown.ts stops it, and it stops by itself if the
// test run goes away first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { baseUrl } from '../support/servers';
import { FIREBASE_LOG, FIREBASE_PID_FILE } from './files';

setup('the Firebase Auth emulator and an app on it are up', async () => {
  // The first run on a machine installs firebase-tools (minutes); later ones start in ~15 s.
  setup.setTimeout(10 * 60_000);
  const log = fs.openSync(FIREBASE_LOG, 'w');
  const child = spawn('node_modules/.bin/tsx', ['tests/support/start-server.ts', 'firebase'], {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, E2E_RUNNER_PID: String(process.ppid) },
  });
  child.unref();
  fs.writeFileSync(FIREBASE_PID_FILE, String(child.pid));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? 1));
  await expect
    .poll(
      async () => {
        if (exited !== null) {
          throw new Error(
            `the firebase server exited (${exited}):\n${fs.readFileSync(FIREBASE_LOG, 'utf8').slice(-3000)}`,
          );
        }
        // Site B (API_URL = the firebase server's /api) starts with it: wait for both.
        const [a, b] = await Promise.all(
          [baseUrl('firebase'), baseUrl('remote')].map((base) =>
            fetch(`${base}/healthz`).then(
              (response) => response.status,
              () => 0,
            ),
          ),
        );
        return a === 200 && b === 200 ? 200 : 0;
      },
      { timeout: 9 * 60_000, intervals: [500] },
    )
    .toBe(200);
});
