// The one Kysely instance. SQLite in DATA_DIR by default (WAL, foreign keys on); migrations run
// at start-up so a fresh clone serves a complete, empty site.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import { config } from '../config';
import type { Database } from './schema';
import * as initial from './migrations/001-initial';
import * as usernameRedirects from './migrations/002-username-redirects';
import * as sessionChecks from './migrations/003-session-checks';
import * as apiTokens from './migrations/004-api-tokens';
import * as sessionTokens from './migrations/005-session-tokens';

// Imported statically so the server bundle carries its migrations (no folder scan at run time).
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-username-redirects': usernameRedirects,
  '003-session-checks': sessionChecks,
  '004-api-tokens': apiTokens,
  '005-session-tokens': sessionTokens,
};

function sqliteFile() {
  const url = config.DATABASE_URL;
  if (!url) return path.join(config.DATA_DIR, 'makerspace.sqlite');
  if (/^postgres(ql)?:/.test(url)) {
    console.error('DATABASE_URL: PostgreSQL is not wired up yet; leave DATABASE_URL unset to use SQLite');
    process.exit(1);
  }
  return path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, ''));
}

function open() {
  const sqlite = new SQLite(sqliteFile());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`Migration ${result.migrationName} failed`);
    if (result.status === 'Success') console.log(`Migration ${result.migrationName} applied`);
  }
  if (error) throw error;
}

// Reuse one connection across dev rebuilds.
const globalForDb = globalThis as unknown as { __db?: Kysely<Database>; __migrated?: Promise<void> };
export const db = (globalForDb.__db ??= open());
globalForDb.__migrated ??= migrateToLatest(db);
await globalForDb.__migrated;

export type { Database };
