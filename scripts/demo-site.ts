// The demo site the bench and the Lighthouse script measure: the built app on a throwaway
// DATA_DIR seeded with the demo data (and, when asked, a crowd of more members), on 127.0.0.1, and
// a member registered through its pages.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { freshMember, register, signIn } from '../tests/e2e/accounts';
import { healthy } from '../tests/support/app-server';
import { freePort } from '../tests/support/browser';
import { crowdArgs, type Crowd } from './crowd';
import { SERVER_ARGS } from './server-command';

/** The pages a visitor reads: one of each kind. */
export const READ_PAGES = [
  '/',
  '/members',
  '/members/niamh_walsh',
  '/portfolio',
  '/portfolio/open-quadruped',
  '/posts/aoife_byrne/carbon-fibre-drone-frame-v3',
  '/resources/prusa-mk4',
];

export async function startDemoSite(crowd?: Crowd) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-demo-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production' as const,
    PUBLIC_URL: base,
  };
  execFileSync('node_modules/.bin/tsx', ['scripts/seed-demo.ts', ...crowdArgs(crowd)], {
    env,
    stdio: 'ignore',
  });
  const startedAt = performance.now();
  const server = spawn(process.execPath, SERVER_ARGS, { env, stdio: 'ignore' });
  await healthy(base, 30_000, 5);
  const startupMs = performance.now() - startedAt;

  /** A member registered and signed in through the pages: their session cookie. */
  async function memberCookie(browser: Browser, newMember = freshMember()): Promise<string> {
    const inviteKey = execFileSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'invite', 'create'], {
      env,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    const context = await browser.newContext();
    const page = await context.newPage();
    const member = await register(page, newMember, inviteKey, base);
    await signIn(page, member, `${base}/login`);
    await page.waitForURL(/\/profile$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === '__session')!;
    await context.close();
    return `__session=${session.value}`;
  }

  return {
    base,
    env,
    pid: server.pid!,
    startupMs,
    memberCookie,
    stop() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
