import { expect, test } from 'vitest';
import { inBody, scriptsAfterLoad, withoutRouteDiscovery } from './html';

test('scripts written after </html> move to the end of <body>', () => {
  expect(inBody('<html><body><p>hi</p></body></html><script>x()</script>')).toBe(
    '<html><body><p>hi</p><script>x()</script></body></html>',
  );
});

test('a document with nothing after </html>, or without a body end, is unchanged', () => {
  expect(inBody('<html><body></body></html>')).toBe('<html><body></body></html>');
  expect(inBody('<p>fragment</p>')).toBe('<p>fragment</p>');
});

const remixDocument = (nonce: string) =>
  `<html><head></head><body><main>page</main>` +
  `<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root.js"/>` +
  `<script nonce="${nonce}">window.__remixContext = {};</script>` +
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/build/root.js";\nimport("/build/entry.client.js");</script>` +
  `</body></html>`;

test('module preloads become dns-prefetch hints, the module script a data block, and one script of the same nonce sets them back', () => {
  const html = scriptsAfterLoad(remixDocument('abc'));
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toContain('type="module"');
  expect(html.match(/<link rel="dns-prefetch" href="\/build\//g)).toHaveLength(2);
  // A data block may not carry async.
  expect(html).toContain('<script nonce="abc" type="text/x-module-after-load">import * as route0');
  // The classic context script is untouched; the boot script is the last thing in <body>.
  expect(html).toContain('<script nonce="abc">window.__remixContext = {};</script>');
  expect(html).toMatch(
    /<script nonce="abc">[^<]*'modulepreload'[^<]*addEventListener\('load',b\)<\/script><\/body><\/html>$/,
  );
});

test("a document without a module script (a visitor's read page) is unchanged", () => {
  const page = '<html><body><main>page</main></body></html>';
  expect(scriptsAfterLoad(page)).toBe(page);
});

test('a page without scripts loses the route-discovery marks on its links; a page with them keeps them', () => {
  const link = '<a data-discover="true" href="/members">members</a>';
  expect(withoutRouteDiscovery(`<html><body>${link}</body></html>`)).toBe(
    '<html><body><a href="/members">members</a></body></html>',
  );
  const withScripts = remixDocument('abc').replace('<main>', `<main>${link}`);
  expect(withoutRouteDiscovery(withScripts)).toBe(withScripts);
});
