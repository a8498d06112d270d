// The real Firebase Auth emulator (firebase-tools) on 127.0.0.1 for the Firebase identity tests.
// firebase-tools is ~350 MB and takes minutes to install, so it lives in its own package folder
// (tests/firebase-emulator) that is installed on first use, not by the main `npm ci`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE_DIR = path.resolve('tests/firebase-emulator');
const CLI = path.join(PACKAGE_DIR, 'node_modules/firebase-tools/lib/bin/firebase.js');
export const EMULATOR_PROJECT_ID = 'demo-makerspace';
/** The emulator accepts any API key; a `demo-` project never reaches Google. */
export const EMULATOR_API_KEY = 'emulator-api-key';

/** Installs firebase-tools into tests/firebase-emulator unless it is there already. */
export function ensureEmulatorInstalled() {
  if (fs.existsSync(CLI)) return;
  console.log('Installing the Firebase Auth emulator (firebase-tools) for the Firebase tests...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: PACKAGE_DIR,
    stdio: 'inherit',
    // re2's installer first tries to download a prebuilt binary; we build it from source offline.
    env: { ...process.env, DEVELOPMENT_SKIP_GETTING_ASSET: '1' },
  });
}

export interface Emulator {
  host: string;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Auth emulator did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts the Auth emulator alone (no UI, no other emulators) on the given loopback ports. */
export async function startEmulator(ports: {
  auth: number;
  hub: number;
  logging: number;
}): Promise<Emulator> {
  ensureEmulatorInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-firebase-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.hub },
        logging: { host: '127.0.0.1', port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  // Run the CLI's script directly: killing an npx wrapper would leave the emulator running.
  const child = spawn(
    process.execPath,
    [CLI, 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID, '--config', 'firebase.json'],
    {
      cwd: dir,
      env: {
        ...process.env,
        HOME: dir,
        XDG_CONFIG_HOME: dir,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        CI: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const host = `127.0.0.1:${ports.auth}`;
  try {
    await waitUntilUp(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/config`, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        // SIGINT is the emulator's own clean shutdown.
        child.kill('SIGINT');
      }),
  };
}
