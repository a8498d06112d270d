import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { diskStore } from '../../app/.server/file-store';
import { storeOf } from '../support/s3';
import { currentServer, dataDir, storeEnv } from '../support/servers';

export { expect };

/**
 * Marks a journey that goes through the identity provider: the firebase-js and firebase-nojs
 * projects run these again with IDENTITY_PROVIDER=firebase (the rest does not depend on it).
 */
export const IDENTITY = { tag: '@identity' };

/**
 * Marks a journey that reads or writes the store: the cluster-js and cluster-nojs projects run
 * these again on PostgreSQL and S3 with two instances behind nginx (tests/support/cluster.ts).
 */
export const STORE = { tag: '@store' };
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

export const test = base.extend<{ javaScript: boolean; expectAccessible: () => Promise<void> }>({
  javaScript: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  /** With JavaScript, `goto` also waits for `hydrated`, as a person does before using what scripts add. */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
  /**
   * axe-core on the current page: no serious or critical violations. axe needs script, so for the
   * no-JS project the exact DOM the visitor has is re-served to a scripted page whose own
   * JavaScript bundles are blocked: the no-JS page is what gets checked.
   */
  expectAccessible: async ({ page, browser, javaScriptEnabled }, use) => {
    await use(async () => {
      if (javaScriptEnabled !== false) {
        expect(await seriousViolations(page)).toEqual([]);
        return;
      }
      const url = page.url();
      const html = await page.content();
      const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
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
  const store = env.S3_BUCKET ? storeOf(env, env.DATA_DIR) : diskStore(path.join(env.DATA_DIR, 'assets'));
  for await (const folder of store.folders()) if (folder.id === id) return true;
  return false;
}
