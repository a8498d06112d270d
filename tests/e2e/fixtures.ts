import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { diskStore } from '../../app/.server/file-store';
import { storeOf } from '../support/s3';
import { currentServer, dataDir, storeEnv } from '../support/servers';

export { expect };

/**
 * Marks a journey that goes through the identity provider: the firebase-js project runs these
 * again with IDENTITY_PROVIDER=firebase (the rest does not depend on it).
 */
export const IDENTITY = { tag: '@identity' };

/**
 * Marks a journey that proves the store: the cluster-js project runs these again
 * on PostgreSQL and S3 with two instances behind nginx (tests/support/cluster.ts). They are the
 * writes that cross instances: registration's draft, sessions, sign-in limits, reset tokens, posts
 * and images in the bucket. The server code under every other journey runs on PostgreSQL in the
 * unit tests (vitest.postgres.config.ts), so running those journeys again here proves nothing new.
 */
export const STORE = { tag: '@store' };
/**
 * Marks a check that uses no browser, only HTTP: its answer does not depend on the browser's
 * scripts, so it runs in the JavaScript-on projects only, not once per project.
 */
export const HTTP = { tag: '@http' };
/** Both of the above. */
export const IDENTITY_AND_STORE = { tag: ['@identity', '@store'] };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Resolves once a page that loads scripts has started Remix: its scripts start only after the load
 * event (docs/decisions/017-scripts-after-load.md), which is where `goto` stops waiting. A page
 * without scripts resolves at once.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !('__remixContext' in window) || '__remixRouter' in window);

export const test = base.extend<{
  javaScript: boolean;
  expectAccessible: (other?: Page) => Promise<void>;
}>({
  javaScript: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  /**
   * With JavaScript, `goto` also waits for `hydrated`, as a person does before using what scripts
   * add; and the journey fails if the page's scripts threw or logged an error (a hydration
   * mismatch, a render error React recovered from), which the page itself may hide. An answer
   * with an error status (a form's 400, an expected 404) is logged by the browser and allowed.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const errors: string[] = [];
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(page);
        return response;
      };
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(`${page.url()}: ${message.text()}`);
      });
    }
    await use(page);
    expect(errors, 'errors from the page’s scripts').toEqual([]);
  },
  /**
   * axe-core on the current page: no serious or critical violations. axe needs script, so for the
   * no-JS project the exact DOM the visitor has is re-served to a scripted page whose own
   * JavaScript bundles are blocked: the no-JS page is what gets checked. `other` checks another
   * page of the test's (someone else's view) instead of `page`.
   */
  expectAccessible: async ({ page, browser, javaScriptEnabled }, use) => {
    await use(async (other = page) => {
      if (javaScriptEnabled !== false) {
        expect(await seriousViolations(other)).toEqual([]);
        return;
      }
      const url = other.url();
      const html = await other.content();
      const context = await browser.newContext({ javaScriptEnabled: true, viewport: other.viewportSize() });
      const copy = await context.newPage();
      await copy.route('**/*', (route) =>
        route.request().resourceType() === 'script'
          ? route.abort()
          : route.request().url() === url && route.request().resourceType() === 'document'
            ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' })
            : route.continue(),
      );
      await copy.goto(url);
      expect(await seriousViolations(copy)).toEqual([]);
      await context.close();
    });
  },
});

/** The content of a <meta> tag by name or property. */
export async function metaContent(page: Page, key: string) {
  return page.locator(`meta[name="${key}"], meta[property="${key}"]`).first().getAttribute('content');
}

/** Read-only access to the seeded (or Firebase) server's database, to look up ids the pages do not show. */
export function seededDb() {
  return new Database(path.join(dataDir(currentServer()), 'makerspace.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
}

/** True when the current server's file store (its DATA_DIR, or the cluster's bucket) holds any file of an asset. */
export async function assetStored(id: string) {
  const env: Record<string, string> = storeEnv(currentServer());
  const store = env.S3_BUCKET
    ? await storeOf(env, env.DATA_DIR)
    : diskStore(path.join(env.DATA_DIR, 'assets'));
  for await (const folder of store.folders()) if (folder.id === id) return true;
  return false;
}

/**
 * Posts `body` to `url` as a form on another site would come: with a foreign Origin, and with this
 * site's Origin but `Sec-Fetch-Site: cross-site` (believed whatever Origin says). Both must get the
 * server's 403 before any route runs; the caller then checks that nothing changed.
 */
export async function expectCrossSiteRefused(
  request: APIRequestContext,
  url: string,
  body: { form?: Record<string, string> } | { multipart?: Record<string, string> } = {},
) {
  const ownOrigin = new URL(base.info().project.use.baseURL!).origin;
  for (const headers of [
    { Origin: 'https://evil.example' },
    { Origin: ownOrigin, 'Sec-Fetch-Site': 'cross-site' },
  ] as Record<string, string>[]) {
    const response = await request.post(url, { headers, ...body, maxRedirects: 0 });
    expect(response.status(), `${url} ${JSON.stringify(headers)}`).toBe(403);
    expect(await response.text()).toBe('Cross-site form submissions are not accepted.');
  }
}

/** Whether a member is listed in the directory search, the sitemap, and (by a post's title) the lab's feed. */
export async function listings(request: APIRequestContext, username: string, postTitle: string) {
  const name = username.toLowerCase();
  const [members, sitemap, feed] = await Promise.all(
    [`/members?q=${name}`, '/sitemap.xml', '/posts.atom'].map((url) =>
      request.get(url).then((response) => response.text()),
    ),
  );
  return {
    members: members.includes(`/members/${name}"`),
    sitemap: sitemap.includes(`/members/${name}<`),
    feed: feed.includes(postTitle),
  };
}

let hugeFile: string | undefined;

/**
 * A 30 MB PNG-named file on disk, over every upload limit. Chosen by path, Chromium reads it
 * itself; a 30 MB buffer would cross the DevTools protocol as base64 first (about 20 s here).
 */
export function hugeFilePath() {
  if (!hugeFile) {
    hugeFile = path.join(os.tmpdir(), `e2e-huge-${process.pid}.png`);
    fs.writeFileSync(hugeFile, Buffer.alloc(30 * 1024 * 1024, 1));
    process.on('exit', () => fs.rmSync(hugeFile!, { force: true }));
  }
  return hugeFile;
}
