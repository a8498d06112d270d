// A session outlives the process: its row is in the database, its cookie in the member's browser.
// No browser needed (the cookie and the page are the same with or without scripts): over HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as http } from '@playwright/test';
import { adminAsync } from '../support/scripts';
import { startApp } from '../support/app-server';
import { freePort } from '../support/browser';
import { freshMember, pngBytes, registerOverHttp } from './accounts';
import { expect, HTTP, test } from './fixtures';

test('a member stays signed in across a server restart', HTTP, async () => {
  test.slow(); // two start-ups and a graceful stop of a server of its own
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-restart-'));
  const port = await freePort();
  let app = await startApp(dataDir, port);
  const client = (
    storageState?: Awaited<ReturnType<Awaited<ReturnType<typeof http.newContext>>['storageState']>>,
  ) => http.newContext({ baseURL: app.url, extraHTTPHeaders: { Origin: app.url }, storageState });
  // Each client is disposed before a stop, as a member's browser is closed between visits: a
  // graceful stop waits for open keep-alive connections (up to 15 s each).
  let member = await client();
  try {
    const key = (await adminAsync({ DATA_DIR: dataDir }, 'invite', 'create')).last;
    const who = freshMember();
    await registerOverHttp(member, who, key, await pngBytes());
    const signIn = await member.post('/login', {
      form: { email: who.email, password: who.password },
      maxRedirects: 0,
    });
    expect(signIn.headers().location).toBe('/profile');
    const signedIn = await member.storageState();
    await member.dispose();

    await app.stop();
    app = await startApp(dataDir, port);
    member = await client(signedIn);
    const profile = await member.get('/profile', { maxRedirects: 0 });
    expect(profile.status()).toBe(200);
    expect(await profile.text()).toContain(who.fullname);
  } finally {
    await member.dispose();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
