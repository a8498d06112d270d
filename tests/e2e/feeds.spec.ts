// Atom feeds: /posts.atom for the lab and one per member, valid against RFC 4287's grammar (Jing,
// inside the Nu HTML Checker's jar), linked from the pages, and fresh after a write.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { signedIn } from './accounts';
import { expect, test } from './fixtures';

/** Jing's errors for a document (empty when it is valid), and the RFC's rules the grammar leaves to Schematron. */
function atomErrors(xml: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atom-'));
  const file = path.join(dir, 'feed.xml');
  fs.writeFileSync(file, xml);
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  const jing = spawnSync(
    'java',
    [
      '-cp',
      jar,
      'nu.validator.vendor.thaiopensource.relaxng.util.Driver',
      '-c',
      'tests/support/atom.rnc',
      file,
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const errors = jing.stdout.split('\n').filter(Boolean);
  if (jing.status !== 0 && !errors.length) errors.push(jing.stderr || `jing exited ${jing.status}`);
  // RFC 4287 §4.1.1: a feed has an author, or every entry has one; §4.1.2: every entry has an
  // alternate link (it has no content of type other than text here) and a unique id.
  const feedHead = xml.split('<entry>')[0];
  const entries = xml.split('<entry>').slice(1);
  if (!feedHead.includes('<author>') && entries.some((entry) => !entry.includes('<author>')))
    errors.push('an entry without an author in a feed without one');
  const ids = entries.map((entry) => /<id>([^<]+)<\/id>/.exec(entry)?.[1]);
  if (new Set(ids).size !== ids.length) errors.push('entry ids repeat');
  return errors;
}

async function feed(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  return response.text();
}

const entryTitles = (xml: string) =>
  [...xml.matchAll(/<entry>[\s\S]*?<title type="text">([^<]*)<\/title>/g)].map((match) => match[1]);

test('the lab feed is valid Atom, newest posts first, and every page links it', async ({ page, request }) => {
  const xml = await feed(request, '/posts.atom');
  expect(atomErrors(xml)).toEqual([]);
  const published = [...xml.matchAll(/<published>([^<]+)<\/published>/g)].map((match) => match[1]);
  expect(published.length).toBeGreaterThan(5);
  expect(published.length).toBeLessThanOrEqual(20);
  expect(published).toEqual([...published].sort().reverse());
  for (const url of ['/', '/members', '/portfolio']) {
    await page.goto(url);
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]').first()).toHaveAttribute(
      'href',
      /\/posts\.atom$/,
    );
  }
});

test("a member's feed is valid, linked from their page, and has a new post on the next request; unknown members 404", async ({
  page,
  request,
}) => {
  const member = await signedIn(page);
  const feedPath = `/members/${member.username.toLowerCase()}/posts.atom`;
  const empty = await feed(request, feedPath);
  expect(atomErrors(empty)).toEqual([]);
  expect(entryTitles(empty)).toEqual([]);

  await page.goto('/posts/new');
  const stamp = Date.now();
  const title = `Fume hood <notes> & "tests" ${stamp}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Airflow < 0.5 m/s && filters > 3 months old: replace.');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(
    page.getByRole('region', { name: 'My Posts' }).getByRole('link', { name: title, exact: true }),
  ).toBeVisible();

  const mine = await feed(request, feedPath);
  expect(atomErrors(mine)).toEqual([]);
  const escaped = `Fume hood &#60;notes&#62; &#38; &#34;tests&#34; ${stamp}`;
  expect(entryTitles(mine)).toEqual([escaped]);
  expect(mine).toContain('Airflow &#60; 0.5 m/s &#38;&#38; filters &#62; 3 months old: replace.');
  expect(mine).toContain(`<name>${member.fullname}</name>`);
  const lab = await feed(request, '/posts.atom');
  expect(atomErrors(lab)).toEqual([]);
  expect(entryTitles(lab)[0]).toBe(escaped);

  await page.goto(`/members/${member.username.toLowerCase()}`);
  await expect(page.locator(`link[rel="alternate"][href$="${feedPath}"]`)).toHaveAttribute(
    'type',
    'application/atom+xml',
  );
  expect((await request.get('/members/nobody_at_all/posts.atom')).status()).toBe(404);
});
