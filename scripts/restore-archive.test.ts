// `admin restore` of an archive someone tampered with: the asset ids and variant widths in its
// backup.json become paths, so each is checked as the live code checks it before anything is
// written. (Links that leave the archive are refused by tar's strict extraction already.) Real CLI
// processes on throwaway stores.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { freshDatabase } from '../tests/support/postgres';
import { adminAsync } from '../tests/support/scripts';

vi.setConfig({ testTimeout: 120_000 });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-restore-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const pgUrl = process.env.DATABASE_URL;
/** An empty site: its own DATA_DIR and, on the PostgreSQL run, its own database. */
async function emptySite(): Promise<Record<string, string> & { DATA_DIR: string }> {
  const dataDir = fs.mkdtempSync(path.join(root, 'site-'));
  return pgUrl
    ? { DATA_DIR: dataDir, DATABASE_URL: await freshDatabase(pgUrl), SESSION_SECRET: 'x'.repeat(32) }
    : { DATA_DIR: dataDir, DATABASE_URL: '' };
}

/** `npm run admin -- restore ARCHIVE` on `env`'s store, as an operator runs it. */
const restore = (env: Record<string, string>, archive: string) => adminAsync(env, 'restore', archive);

const assetRow = (id: string, variants: unknown[] = []) => ({
  id,
  owner_id: null,
  filename: 'x.png',
  mime_type: 'image/png',
  size: 5,
  sha256: crypto.randomBytes(32).toString('hex'),
  width: 10,
  height: 10,
  variants: JSON.stringify(variants),
  created_at: new Date().toISOString(),
});

/** An archive as `backup` writes one, with these asset rows and files (path -> content). */
async function archiveOf(assets: object[], entries: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(root, 'archive-'));
  fs.writeFileSync(
    path.join(dir, 'backup.json'),
    JSON.stringify({ format: 'makerspace-backup-1', created_at: new Date().toISOString(), rows: { assets } }),
  );
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  const archive = `${dir}.tar.gz`;
  const tar = await import('tar');
  await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, fs.readdirSync(dir));
  return archive;
}

const assetRows = (site: { DATA_DIR: string }) => {
  const dir = path.join(site.DATA_DIR, 'assets');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
};

test('an asset id that climbs out of the store is refused, and nothing is written anywhere', async () => {
  const site = await emptySite();
  // folderOf('../../x') is '../../../x': read from beside DATA_DIR, written beside its parent.
  const escape = `esc-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(path.join(root, escape), { recursive: true });
  fs.writeFileSync(path.join(root, escape, 'original'), 'outside');
  const outside = path.join(path.dirname(root), escape);
  try {
    const result = await restore(site, await archiveOf([assetRow(`../../${escape}`)], {}));
    expect(fs.existsSync(outside), 'a file was written outside DATA_DIR').toBe(false);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^failed: not a backup archive of this site: asset 1 has an id/);
    expect(assetRows(site)).toBe(0);
  } finally {
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test('variant widths that are not widths are refused', async () => {
  const site = await emptySite();
  const id = crypto.randomBytes(16).toString('hex');
  const folder = `assets/${id.slice(0, 2)}/${id}`;
  for (const variants of [['../../../../x'], [-1], [1.5], ['640']]) {
    const result = await restore(
      site,
      await archiveOf([assetRow(id, variants)], { [`${folder}/original`]: 'png', 'assets/x.webp': 'x' }),
    );
    expect(result.code, JSON.stringify(variants)).toBe(1);
    expect(result.stderr).toMatch(/^failed: not a backup archive of this site: asset 1 has variants/);
  }
  expect(assetRows(site)).toBe(0);
});
