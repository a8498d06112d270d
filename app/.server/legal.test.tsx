// Where the Terms and Privacy texts come from (docs/decisions/022-legal-texts.md): the lab's file
// in DATA_DIR wins; a missing, empty or unreadable one falls back to the shipped default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '~/components/markdown';
import { config } from './config';
import { legalSource, legalText, SHIPPED_LEGAL_DIR } from './legal';

let root: string;
let dirs: { dataDir: string; shippedDir: string };

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-'));
  dirs = { dataDir: path.join(root, 'data'), shippedDir: path.join(root, 'shipped') };
  fs.mkdirSync(dirs.shippedDir, { recursive: true });
  fs.writeFileSync(path.join(dirs.shippedDir, 'terms.md'), '# Shipped terms\n');
  fs.writeFileSync(path.join(dirs.shippedDir, 'privacy.md'), '# Shipped privacy\n');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const own = (name: string, text: string) => {
  fs.mkdirSync(path.join(dirs.dataDir, 'legal'), { recursive: true });
  fs.writeFileSync(path.join(dirs.dataDir, 'legal', name), text);
};

test('without a file in DATA_DIR the shipped text is shown', async () => {
  expect(await legalSource('terms', dirs)).toEqual({
    source: '# Shipped terms\n',
    file: path.join(dirs.shippedDir, 'terms.md'),
  });
});

test("the lab's file in DATA_DIR/legal wins, for that text only, and an edit shows at once", async () => {
  own('privacy.md', '# Our privacy\n');
  expect((await legalSource('privacy', dirs)).source).toBe('# Our privacy\n');
  expect((await legalSource('terms', dirs)).source).toBe('# Shipped terms\n');
  own('privacy.md', '# Our privacy, amended\n');
  expect((await legalSource('privacy', dirs)).source).toBe('# Our privacy, amended\n');
});

test('an empty or unreadable file falls back to the shipped text', async () => {
  own('terms.md', ' \n\n');
  expect((await legalSource('terms', dirs)).source).toBe('# Shipped terms\n');
  // A folder where the file should be: read fails with EISDIR, said on the log.
  fs.mkdirSync(path.join(dirs.dataDir, 'legal', 'privacy.md'));
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  expect((await legalSource('privacy', dirs)).source).toBe('# Shipped privacy\n');
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('showing the shipped text'));
});

test('the shipped texts have a title, fill in the contact, and no markup left unparsed', async () => {
  for (const name of ['terms', 'privacy'] as const) {
    const text = fs.readFileSync(path.join(SHIPPED_LEGAL_DIR, `${name}.md`), 'utf8');
    expect(text.startsWith('# '), name).toBe(true);
    const { title, blocks } = await legalText(name);
    expect(title, name).toBe(name === 'terms' ? 'Terms of use' : 'Privacy notice');
    const html = renderToStaticMarkup(<Markdown blocks={blocks} />);
    expect(html, name).toContain(`<a href="mailto:${config.CONTACT_EMAIL}">${config.CONTACT_EMAIL}</a>`);
    // A marker or link that did not parse (a typo, or a refused address) would show as typed.
    expect(html, name).not.toMatch(/\*\*|\{\{|\]\(|`/);
    expect(html.match(/<a /g)?.length, name).toBe(text.match(/\]\(/g)?.length);
  }
});
