// Backups and moving up (docs/architecture.md §9; admin CLI `backup`, `restore`, `db copy`). Every
// row of every table is read in one snapshot (a read transaction: SQLite's WAL snapshot, a
// repeatable-read transaction on PostgreSQL), so a backup taken while the site writes is
// consistent; the files of the assets in that snapshot go beside the rows. Rows are engine-neutral
// JSON, so a backup of SQLite restores into PostgreSQL and the other way round.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import * as tar from 'tar';
import { config, isPostgresUrl } from './config';
import { connect, db, migrateToLatest, usesPostgres, type Database } from './db';

/** Every table, parents before children (foreign keys), so rows insert in this order. */
export const TABLES = [
  'assets',
  'users',
  'local_accounts',
  'sessions',
  'api_tokens',
  'invite_keys',
  'posts',
  'projects',
  'project_members',
  'auth_codes',
  'rate_limits',
  'username_redirects',
] as const satisfies readonly (keyof Database)[];

type Table = (typeof TABLES)[number];
type Rows = Record<Table, Record<string, unknown>[]>;

const FORMAT = 'makerspace-backup-1';

export class BackupError extends Error {}

/** All rows, read in one transaction. */
async function snapshot(source: Kysely<Database>, postgres: boolean): Promise<Rows> {
  const read = async (trx: Kysely<Database>) => {
    const rows = {} as Rows;
    for (const table of TABLES) rows[table] = await trx.selectFrom(table).selectAll().execute();
    return rows;
  };
  const transaction = source.transaction();
  return postgres
    ? transaction.setIsolationLevel('repeatable read').execute(read)
    : transaction.execute(read);
}

/** Inserts rows in one transaction; rows already there (same key) are left as they are. */
async function writeRows(target: Kysely<Database>, rows: Rows) {
  await target.transaction().execute(async (trx) => {
    for (const table of TABLES) {
      for (let i = 0; i < rows[table].length; i += 200) {
        await trx
          .insertInto(table)
          .values(rows[table].slice(i, i + 200) as never)
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

const assetsRoot = (dataDir: string) => path.join(dataDir, 'assets');
const assetPath = (root: string, id: string) => path.join(root, id.slice(0, 2), id);

/** Hard-links (or copies, across file systems) one asset's folder. False when it is gone. */
function linkAsset(from: string, to: string) {
  if (!fs.existsSync(from)) return false;
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    try {
      fs.linkSync(path.join(from, name), path.join(to, name));
    } catch {
      fs.copyFileSync(path.join(from, name), path.join(to, name));
    }
  }
  return true;
}

function staging() {
  const dir = path.join(config.DATA_DIR, `backup-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes one archive of this site: the rows of a snapshot and their files. */
export async function backup(file: string): Promise<string> {
  const rows = await snapshot(db, usesPostgres);
  const dir = staging();
  try {
    let missing = 0;
    for (const asset of rows.assets) {
      const id = String(asset.id);
      if (!linkAsset(assetPath(assetsRoot(config.DATA_DIR), id), assetPath(path.join(dir, 'assets'), id)))
        missing++;
    }
    fs.writeFileSync(
      path.join(dir, 'backup.json'),
      JSON.stringify({ format: FORMAT, created_at: new Date().toISOString(), rows }),
    );
    const target = path.resolve(file);
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
    await writeRows(db, rows);
    for (const asset of rows.assets) {
      const id = String(asset.id);
      linkAsset(assetPath(path.join(dir, 'assets'), id), assetPath(assetsRoot(config.DATA_DIR), id));
    }
    return `restored: ${summary(await counts(db))}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Copies this site's rows into the store at `url` (migrated first), leaving rows it already has:
 * safe to run again. Checks that every table there has at least the rows here.
 */
export async function copyTo(url: string): Promise<string> {
  if (url === config.DATABASE_URL) throw new BackupError('--to names the store this site uses');
  const target = await connect(url, config.DATA_DIR);
  try {
    await migrateToLatest(target);
    const rows = await snapshot(db, usesPostgres);
    await writeRows(target, rows);
    const there = await counts(target);
    const short = TABLES.filter((table) => there[table] < rows[table].length);
    if (short.length) throw new BackupError(`copy incomplete: ${short.join(', ')} have fewer rows than here`);
    const kind = isPostgresUrl(url) ? 'PostgreSQL' : 'SQLite';
    return `copied to ${kind}: ${summary(rows)}; counts checked`;
  } finally {
    await target.destroy();
  }
}
