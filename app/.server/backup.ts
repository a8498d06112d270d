// Backups and moving up (docs/architecture.md §9; admin CLI `backup`, `restore`, `db copy`). Every
// row of every table is read in one snapshot (a read transaction: SQLite's WAL snapshot, a
// repeatable-read transaction on PostgreSQL), so a backup taken while the site writes is
// consistent; the files of the assets in that snapshot go beside the rows. Rows are engine-neutral
// JSON, so a backup of SQLite restores into PostgreSQL and the other way round.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { config, isPostgresUrl } from './config';
import { files } from './assets';
import { connect, db, migrateToLatest, readTransaction, type Database } from './db';
import {
  ASSET_ID,
  diskStore,
  listFolders,
  ORIGINAL,
  s3SettingsFrom,
  variantFile,
  type FileStore,
} from './file-store';

/** Every table, parents before children (foreign keys), so rows insert in this order. */
export const TABLES = [
  'assets',
  'invite_keys',
  'users',
  'local_accounts',
  'sessions',
  'api_tokens',
  'posts',
  'projects',
  'project_members',
  'auth_codes',
  'rate_limits',
  'username_redirects',
  'audit_log',
  'post_removals',
  'inductions',
  'credits',
  'resources',
  'inductors',
  'approvers',
  'member_inductions',
  'induction_requests',
  'waitlist',
  'bookings',
  'member_feeds',
  'jobs',
  'booking_events',
  'strikes',
  'credit_lots',
  'credit_entries',
  'sweeps',
] as const satisfies readonly (keyof Database)[];

type Table = (typeof TABLES)[number];
type Rows = Record<Table, Record<string, unknown>[]>;

const FORMAT = 'makerspace-backup-1';

export class BackupError extends Error {}

/** All rows, read in one transaction. */
async function snapshot(source: Kysely<Database>): Promise<Rows> {
  const read = async (trx: Kysely<Database>) => {
    const rows = {} as Rows;
    for (const table of TABLES) rows[table] = await trx.selectFrom(table).selectAll().execute();
    return rows;
  };
  return readTransaction(source, read);
}

/** Inserts rows in one transaction; rows already there (same key) are left as they are. */
async function writeRows(target: Kysely<Database>, rows: Rows) {
  await target.transaction().execute(async (trx) => {
    for (const table of TABLES) {
      // An archive made before a table existed has no rows for it.
      const tableRows = rows[table] ?? [];
      for (let i = 0; i < tableRows.length; i += 200) {
        await trx
          .insertInto(table)
          .values(tableRows.slice(i, i + 200) as never)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  });
}

async function counts(store: Kysely<Database>) {
  const result = {} as Record<Table, number>;
  for (const table of TABLES) {
    const row = await store
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

/** What a store holds, in one line: from counts, or from the rows themselves. */
function summary(store: Record<'users' | 'posts' | 'projects' | 'assets', number | unknown[]>) {
  const n = (value: number | unknown[]) => (Array.isArray(value) ? value.length : value);
  return `${n(store.users)} members, ${n(store.posts)} posts, ${n(store.projects)} projects, ${n(store.assets)} files`;
}

/** The files an asset row names: its original and its WebP variants. */
const fileNames = (asset: Record<string, unknown>) => [
  ORIGINAL,
  ...(JSON.parse(String(asset.variants ?? '[]')) as number[]).map(variantFile),
];

/** Copies the files of asset rows from one store to another; returns how many had no original. */
async function copyFiles(rows: Record<string, unknown>[], from: FileStore, to: FileStore) {
  let missing = 0;
  for (const asset of rows) {
    const id = String(asset.id);
    for (const name of fileNames(asset)) {
      const stored = await from.read(id, name);
      if (!stored) {
        if (name === ORIGINAL) missing++;
        continue;
      }
      try {
        await to.write(id, name, stored.stream(), stored.size);
      } catch (error) {
        stored.close(); // an S3 body left open would keep the CLI from exiting
        throw error;
      }
    }
  }
  return missing;
}

/**
 * An archive's asset rows name the folders and files that restore reads and writes: each id must
 * be an asset id (ASSET_ID, as /assets/{id} checks) and each variant a whole width, or the archive
 * is refused before anything is written ('../..' would reach outside both stores).
 */
function checkAssetRows(assets: unknown) {
  const refuse = (why: string) => {
    throw new BackupError(`not a backup archive of this site: ${why}`);
  };
  if (!Array.isArray(assets)) refuse('its assets are not a list');
  (assets as unknown[]).forEach((asset, index) => {
    const { id, variants } = (asset ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !ASSET_ID.test(id))
      refuse(`asset ${index + 1} has an id that is not an asset id`);
    let widths: unknown;
    try {
      widths = JSON.parse(String(variants ?? '[]'));
    } catch {
      widths = null;
    }
    if (!Array.isArray(widths) || !widths.every((width) => Number.isSafeInteger(width) && width > 0))
      refuse(`asset ${index + 1} has variants that are not widths`);
  });
}

function staging() {
  const dir = path.join(config.DATA_DIR, `backup-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes one archive of this site: the rows of a snapshot and their files. */
export async function backup(file: string): Promise<string> {
  const rows = await snapshot(db);
  const dir = staging();
  try {
    const missing = await copyFiles(rows.assets, files, diskStore(path.join(dir, 'assets')));
    fs.writeFileSync(
      path.join(dir, 'backup.json'),
      JSON.stringify({ format: FORMAT, created_at: new Date().toISOString(), rows }),
    );
    const target = path.resolve(file);
    const tar = await import('tar'); // loads with a backup, not with the server
    await tar.c({ gzip: true, file: `${target}.partial`, cwd: dir, portable: true }, [
      'backup.json',
      ...(fs.existsSync(path.join(dir, 'assets')) ? ['assets'] : []),
    ]);
    // The archive appears whole or not at all.
    fs.renameSync(`${target}.partial`, target);
    const line = `backup written: ${file} (${summary(rows)})`;
    return missing ? `${line}; ${missing} files were deleted while it ran` : line;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Restores an archive into this site, whose store must be empty. */
export async function restore(file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new BackupError(`no such file: ${file}`);
  const present = await counts(db);
  if (present.users || present.assets || present.posts || present.projects || present.invite_keys)
    throw new BackupError('this site is not empty: restore into a fresh DATA_DIR (and database)');
  const dir = staging();
  try {
    try {
      const tar = await import('tar');
      await tar.x({ file, cwd: dir, strict: true });
    } catch (error) {
      throw new BackupError(`not a backup archive: ${(error as Error).message}`);
    }
    let parsed: { format?: string; rows?: Rows };
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(dir, 'backup.json'), 'utf8'));
    } catch {
      throw new BackupError('not a backup archive: backup.json is missing or broken');
    }
    if (parsed.format !== FORMAT || !parsed.rows) throw new BackupError('not a backup archive of this site');
    const rows = parsed.rows;
    checkAssetRows(rows.assets ?? []);
    // Files first: a restore that fails half-way leaves no row without its file.
    const missing = await copyFiles(rows.assets ?? [], diskStore(path.join(dir, 'assets')), files);
    await writeRows(db, rows);
    const line = `restored: ${summary(await counts(db))}`;
    return missing ? `${line}; ${missing} files were not in the archive` : line;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Copies this site's rows into the database at `to` (migrated first), leaving rows it already has,
 * and/or its files into the bucket `assetsTo` (s3://bucket; endpoint and credentials from S3_*):
 * safe to run again. Checks that every table there has at least the rows here and every file is
 * there.
 */
export async function copyTo({ to, assetsTo }: { to?: string; assetsTo?: string }): Promise<string> {
  if (to && to === config.DATABASE_URL) throw new BackupError('--to names the database this site uses');
  const bucket = assetsTo ? /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?$/.exec(assetsTo)?.[1] : undefined;
  if (assetsTo && !bucket) throw new BackupError('--assets-to must name a bucket: s3://bucket');
  const rows = await snapshot(db);
  const lines: string[] = [];
  if (to) {
    const target = await connect(to, config.DATA_DIR);
    try {
      await migrateToLatest(target);
      await writeRows(target, rows);
      const there = await counts(target);
      const short = TABLES.filter((table) => there[table] < rows[table].length);
      if (short.length)
        throw new BackupError(`copy incomplete: ${short.join(', ')} have fewer rows than here`);
      lines.push(
        `copied to ${isPostgresUrl(to) ? 'PostgreSQL' : 'SQLite'}: ${summary(rows)}; counts checked`,
      );
    } finally {
      await target.destroy();
    }
  }
  if (bucket) {
    const { s3Store } = await import('./s3-store');
    const target = await s3Store(s3SettingsFrom(config, bucket), path.join(config.DATA_DIR, 'uploads'));
    if (target.label === files.label) throw new BackupError('--assets-to names the bucket this site uses');
    const missingHere = await copyFiles(rows.assets, files, target);
    // One listing of the bucket, not a request per file.
    const { withOriginal } = await listFolders(target);
    const there = rows.assets.filter((asset) => withOriginal.has(String(asset.id))).length;
    if (there < rows.assets.length - missingHere)
      throw new BackupError(
        `copy incomplete: ${there} of ${rows.assets.length} files are in ${target.label}`,
      );
    lines.push(
      `copied files to ${target.label}: ${there} files; counts checked` +
        (missingHere ? `; ${missingHere} files were missing here` : ''),
    );
  }
  if (!lines.length) throw new BackupError('db copy needs --to URL and/or --assets-to s3://bucket');
  return lines.join('; ');
}
