// The Terms and Privacy texts (docs/decisions/022-legal-texts.md): Markdown in DATA_DIR/legal/
// when the lab has written its own, else the one shipped in app/content/legal/. Read on every
// request (a few kilobytes), so an edited file shows on the next visit without a restart.
import fs from 'node:fs/promises';
import path from 'node:path';
import { documentTitle, parseMarkdown, type Block } from '~/lib/markdown';
import { config } from './config';

export type LegalTextName = 'terms' | 'privacy';

/** Relative to the working directory, as `public/` is: the server runs from the app's root. */
export const SHIPPED_LEGAL_DIR = path.resolve('app/content/legal');

export interface LegalSource {
  source: string;
  /** where it was read from */
  file: string;
}

/** The lab's own text when DATA_DIR/legal/{name}.md holds one, else the shipped default. */
export async function legalSource(
  name: LegalTextName,
  dirs: { dataDir: string; shippedDir: string } = { dataDir: config.DATA_DIR, shippedDir: SHIPPED_LEGAL_DIR },
): Promise<LegalSource> {
  const own = path.join(dirs.dataDir, 'legal', `${name}.md`);
  try {
    const source = await fs.readFile(own, 'utf8');
    // An emptied file is a slip, not a wish for a blank page.
    if (source.trim()) return { source, file: own };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') console.error(`Reading ${own} failed (${code}); showing the shipped text`);
  }
  const shipped = path.join(dirs.shippedDir, `${name}.md`);
  return { source: await fs.readFile(shipped, 'utf8'), file: shipped };
}

export interface LegalText {
  title: string | null;
  blocks: Block[];
}

/** The text parsed, with `{{CONTACT_EMAIL}}` filled in from the configuration. */
export async function legalText(name: LegalTextName): Promise<LegalText> {
  const { source } = await legalSource(name);
  const blocks = parseMarkdown(source, { values: { CONTACT_EMAIL: config.CONTACT_EMAIL } });
  return { title: documentTitle(blocks), blocks };
}

/**
 * Not `public`: the render cache keeps a public page until the data version changes, and an edit
 * to the lab's file changes no data. A render of these pages reads one small file.
 */
export const LEGAL_PAGE_CACHE = { 'Cache-Control': 'no-cache' };
