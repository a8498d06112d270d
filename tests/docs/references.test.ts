// The docs are a newcomer's map: this keeps them pointing at what exists. Every `docs/*.md §N` a
// file cites (and every bare `§N` inside a doc, meaning its own sections) must be a numbered
// heading there; every name and file the "How to add ..." sections put in backticks must exist.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', 'build', '.git', 'public', 'test-results', 'playwright-report']);

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(relative, pattern);
    return pattern.test(entry.name) ? [relative] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const CODE = ['app', 'server', 'scripts', 'tests', 'deploy', '.ci'].flatMap((dir) =>
  filesUnder(dir, /\.(ts|tsx|js|conf|sh)$|^run$/),
);
const DOCS = ['README.md', ...filesUnder('docs', /\.md$/)];

/** A doc's numbered headings (`## 5b. Data`): section number to its anchor (`5b-data`). */
function sections(doc: string): Map<string, string> {
  const headings = [...read(doc).matchAll(/^#{1,4} ((\d+[a-z]?)\. .*)$/gm)];
  const anchor = (title: string) =>
    title
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .replace(/\s/g, '-');
  return new Map(headings.map((m) => [m[2], anchor(m[1])]));
}

test('every docs/*.md §N cited is a numbered heading of that doc, and its link goes there', () => {
  const missing: string[] = [];
  const check = (file: string, doc: string, section: string, anchor?: string) => {
    if (!fs.existsSync(path.join(root, doc))) return missing.push(`${file}: ${doc} does not exist`);
    const heading = sections(doc).get(section);
    if (!heading) missing.push(`${file}: ${doc} has no §${section}`);
    else if (anchor && anchor !== heading)
      missing.push(`${file}: #${anchor} is not §${section} (#${heading})`);
  };
  for (const file of [...CODE, ...DOCS]) {
    let text = read(file);
    for (const m of text.matchAll(/(docs\/[\w/.-]+\.md) §(\d+[a-z]?)/g)) check(file, m[1], m[2]);
    if (!file.startsWith('docs/')) continue;
    // Inside a doc: a link `[architecture §8](architecture.md#8-the-two-seams)` to another one's
    // section, and a bare §N for one of its own.
    const links = /\[[\w ]*§(\d+[a-z]?)\]\(([\w-]+\.md)?#([\w-]+)\)/g;
    for (const m of text.matchAll(links))
      check(file, m[2] ? path.join(path.dirname(file), m[2]) : file, m[1], m[3]);
    text = text.replace(links, '').replace(/docs\/[\w/.-]+\.md §/g, '');
    for (const m of text.matchAll(/§(\d+[a-z]?)/g)) check(file, file, m[1]);
  }
  expect(missing).toEqual([]);
});

/** The text of each "How to add ..." section of the architecture doc. */
function howToSections() {
  return read('docs/architecture.md')
    .split(/^(?=## )/m)
    .filter((part) => /^## \d+\. How to add/.test(part));
}

// Backticked words that are prose, settings or project names, not names in the code.
const NOT_CODE = new Set(['js', 'nojs', 'null', 'finally', 'pragma', 'sql']);

test('every name and file the "How to add" sections name in backticks exists', () => {
  const sources = CODE.map(read).join('\n');
  const sections = howToSections();
  expect(sections.length).toBeGreaterThanOrEqual(3);
  const missing: string[] = [];
  for (const section of sections) {
    for (const [, quoted] of section.matchAll(/`([^`]+)`/g)) {
      if (quoted.startsWith('/')) continue; // a URL of the site
      if (/\.(ts|tsx)$/.test(quoted) || quoted.includes('/')) {
        // A file: a path from the root or app/, or a name that some file in the tree ends with.
        const file = quoted.replace(/^~\//, 'app/').replace(/\[\.\]/g, '[.]');
        const exists =
          fs.existsSync(path.join(root, file)) ||
          fs.existsSync(path.join(root, 'app', file)) ||
          CODE.some((f) => f.endsWith(`/${file}`));
        // Route names are examples of the naming scheme, not files to find.
        if (!exists && !section.startsWith('## 10.')) missing.push(`file ${quoted}`);
        if (!exists && section.startsWith('## 10.') && !/\$|\[|_\./.test(quoted))
          missing.push(`file ${quoted}`);
        continue;
      }
      // Code: each identifier in it (`readForm(request, FORM_LIMITS.text)` names readForm and FORM_LIMITS).
      const names = quoted.startsWith('@') ? [] : (quoted.match(/^[A-Za-z_$][\w$.]*/)?.[0].split('.') ?? []);
      for (const name of names.slice(0, 1)) {
        if (NOT_CODE.has(name) || (/^[A-Z_]+$/.test(name) === false && name.length < 3)) continue;
        if (!new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(sources)) missing.push(name);
      }
    }
  }
  expect(missing).toEqual([]);
});

/** The lines of architecture §3's layout block. */
function layoutBlock() {
  const section = read('docs/architecture.md')
    .split(/^(?=## )/m)
    .find((part) => part.startsWith('## 3. '))!;
  return /```\n([\s\S]*?)```/.exec(section)![1];
}

test('architecture §3 lists every folder of app/.server and app/lib', () => {
  const listed = new Set([...layoutBlock().matchAll(/^\s+([\w.-]+)\/\s/gm)].map((m) => m[1]));
  const missing = ['app/.server', 'app/lib'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !listed.has(entry.name))
      .map((entry) => `${dir}/${entry.name}/`),
  );
  expect(missing).toEqual([]);
});

test('architecture §3 names every file of app/.server and app/lib/bookings', () => {
  const block = layoutBlock();
  // A whole name: not the tail or head of a longer one (mail.ts is not password-mail.ts).
  const named = (name: string) =>
    new RegExp(`(?<![\\w.-])${name.replace(/[.$]/g, '\\$&')}(?![\\w-]|\\.\\w)`).test(block);
  const files = ['app/.server', 'app/lib/bookings']
    .flatMap((dir) => filesUnder(dir, /\.tsx?$/))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('app/.server/db/migrations/'));
  expect(files.length).toBeGreaterThan(100);
  const missing = files.filter((file) => {
    const name = path.basename(file);
    // An index.ts is its folder's: named when the folder is.
    return name === 'index.ts' ? !named(`${path.basename(path.dirname(file))}/`) : !named(name);
  });
  expect(missing).toEqual([]);
  expect(named('migrations/')).toBe(true);
});

test('every `store.group.call` the docs name is a call of the Store interface', () => {
  const source = read('app/.server/store/index.ts');
  const body = /export interface Store \{([\s\S]*?)\n\}/.exec(source)![1];
  const calls = new Set<string>();
  for (const group of body.matchAll(/^ {2}(\w+): \{([\s\S]*?)^ {2}\};/gm))
    for (const call of group[2].matchAll(/^ {4}(\w+)\(/gm)) calls.add(`${group[1]}.${call[1]}`);
  expect(calls.size).toBeGreaterThan(10);
  const unknown: string[] = [];
  for (const doc of DOCS)
    for (const m of read(doc).matchAll(/`store\.(\w+)\.(\w+)/g))
      if (!calls.has(`${m[1]}.${m[2]}`)) unknown.push(`${doc}: store.${m[1]}.${m[2]}`);
  expect(unknown).toEqual([]);
});
