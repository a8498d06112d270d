import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminAsync } from '../support/scripts';
import { startApp } from '../support/app-server';
import { freePort } from '../support/browser';
import { freshMember, register, signIn } from './accounts';
import { expect, test } from './fixtures';

test('a member stays signed in across a server restart', async ({ browser, javaScriptEnabled }) => {
  test.slow(); // two start-ups and a graceful stop of a server of its own
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-restart-'));
  const port = await freePort();
  let app = await startApp(dataDir, port);
  // The browser is closed before each stop, as a member's would be between visits: a graceful stop
  // waits for open keep-alive connections (up to 15 s each), which a closed browser has none of.
  let context = await browser.newContext({ javaScriptEnabled });
  try {
    const key = (await adminAsync({ DATA_DIR: dataDir }, 'invite', 'create')).last;
    let page = await context.newPage();
    const member = await register(page, freshMember(), key, app.url);
    await signIn(page, member, `${app.url}/login`);
    await expect(page).toHaveURL(/\/profile$/);
    const signedIn = await context.storageState();
    await context.close();

    await app.stop();
    app = await startApp(dataDir, port);
    context = await browser.newContext({ javaScriptEnabled, storageState: signedIn });
    page = await context.newPage();
    await page.goto(`${app.url}/profile`);
    await expect(page).toHaveURL(`${app.url}/profile`);
    await expect(page.getByText(member.fullname, { exact: true })).toBeVisible();
  } finally {
    await context.close();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
