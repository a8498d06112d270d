// Stops what emulator.setup.ts started: SIGINT to its whole process group (the app, the
// emulator's clean shutdown), then SIGKILL for anything still there after 20 s.
import fs from 'node:fs';
import { test as teardown } from '@playwright/test';
import { FIREBASE_PID_FILE } from './files';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

teardown('stop the Firebase Auth emulator and its app', async () => {
  if (!fs.existsSync(FIREBASE_PID_FILE)) return;
  const pid = Number(fs.readFileSync(FIREBASE_PID_FILE, 'utf8'));
  fs.rmSync(FIREBASE_PID_FILE);
  if (!alive(pid)) return;
  process.kill(-pid, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
});
