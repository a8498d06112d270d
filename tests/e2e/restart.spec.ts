import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../support/app-server';
import { freePort } from '../support/browser';
import { freshMember, register, signIn } from './accounts';
import { expect, test } from './fixtures';

test('a member stays signed in across a server restart', async ({ page }) => {
  test.slow(); // two start-ups and a graceful stop of a server of its own
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-restart-'));
  const port = await freePort();
  let app = await startApp(dataDir, port);
  try {
    const key = execFileSync('node_modules/.bin/tsx', ['scripts/admin.ts', 'invite', 'create'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop()!;
    const member = await register(page, freshMember(), key, app.url);
    await signIn(page, member, `${app.url}/login`);
    await expect(page).toHaveURL(/\/profile$/);

    await app.stop();
    app = await startApp(dataDir, port);
    await page.goto(`${app.url}/profile`);
    await expect(page).toHaveURL(`${app.url}/profile`);
    await expect(page.getByText(member.fullname, { exact: true })).toBeVisible();
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
