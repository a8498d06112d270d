// The one Kysely instance. SQLite in DATA_DIR by default (WAL, foreign keys on), or PostgreSQL
// when DATABASE_URL is a postgres:// URL (docs/architecture.md §9); migrations run at start-up so
// a fresh clone serves a complete, empty site. The same queries run on both engines.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Migration,
  type SqliteDialectConfig,
} from 'kysely';
import { config, isPostgresUrl } from '../config';
import { isPostgres } from './engine';
import type { Database } from './schema';
import { keepingStatements } from './statements';
import * as initial from './migrations/001-initial';
import * as usernameRedirects from './migrations/002-username-redirects';
import * as sessionChecks from './migrations/003-session-checks';
import * as apiTokens from './migrations/004-api-tokens';
import * as sessionTokens from './migrations/005-session-tokens';
import * as dataVersion from './migrations/006-data-version';
import * as admin from './migrations/007-admin';
import * as moderation from './migrations/008-moderation';
import * as directoryIndex from './migrations/009-directory-index';
import * as cardPostsIndex from './migrations/010-card-posts-index';
import * as bookings from './migrations/011-bookings';
import * as feedTokens from './migrations/012-feed-tokens';
import * as jobs from './migrations/013-jobs';
import * as checkIn from './migrations/014-check-in';
import * as strikes from './migrations/015-strikes';
import * as worker from './migrations/016-worker';
import * as bookingTerms from './migrations/017-booking-terms';
import * as strikeDeclines from './migrations/018-strike-declines';
import * as eventKinds from './migrations/019-event-kinds';
import * as credits from './migrations/020-credits';
import * as approvals from './migrations/021-approvals';
import * as equivalents from './migrations/022-equivalents';
import * as waitlist from './migrations/023-waitlist';

// Imported statically so the server bundle carries its migrations (no folder scan at run time).
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-username-redirects': usernameRedirects,
  '003-session-checks': sessionChecks,
  '004-api-tokens': apiTokens,
  '005-session-tokens': sessionTokens,
  '006-data-version': dataVersion,
  '007-admin': admin,
  '008-moderation': moderation,
  '009-directory-index': directoryIndex,
  '010-card-posts-index': cardPostsIndex,
  '011-bookings': bookings,
  '012-feed-tokens': feedTokens,
  '013-jobs': jobs,
  '014-check-in': checkIn,
  '015-strikes': strikes,
  '016-worker': worker,
  '017-booking-terms': bookingTerms,
  '018-strike-declines': strikeDeclines,
  '019-event-kinds': eventKinds,
  '020-credits': credits,
  '021-approvals': approvals,
  '022-equivalents': equivalents,
  '023-waitlist': waitlist,
};

export const usesPostgres = isPostgresUrl(config.DATABASE_URL);

/**
 * A Kysely instance for a DATABASE_URL: PostgreSQL for postgres://, else SQLite (a file: path, or
 * makerspace.sqlite in `dataDir`). Not migrated: see migrateToLatest.
 */
export async function connect(url: string | undefined, dataDir: string): Promise<Kysely<Database>> {
  if (isPostgresUrl(url)) {
    // Loaded only here, so a site on SQLite never loads the driver.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = url
    ? path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, ''))
    : path.join(dataDir, 'makerspace.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new WritingSqliteDialect({ database: keepingStatements(sqlite) }) });
}

/**
 * SQLite transactions that take the write lock first (`begin immediate`). A deferred transaction
 * that reads and then writes cannot wait for the lock another process (the admin CLI, a second
 * server on the file) holds: SQLite fails it at once with SQLITE_BUSY, 'database is locked', so a
 * member's write would fail instead of waiting `busy_timeout`. Taking the lock first, it waits, and
 * nothing can write between its reads and its writes (the booking limits rely on this:
 * docs/decisions/024-bookings-never-clash.md). A read that wants a snapshot without the lock uses
 * `readTransaction`.
 */
class WritingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  createDriver() {
    return new (class extends SqliteDriver {
      async beginTransaction(connection: DatabaseConnection) {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.settings);
  }
}

/**
 * A consistent snapshot for reading many tables (a backup): repeatable read on PostgreSQL, and on
 * SQLite a deferred transaction, which in WAL mode reads one snapshot without holding writers up.
 */
export async function readTransaction<T>(db: Kysely<Database>, read: (trx: Kysely<Database>) => Promise<T>) {
  if (isPostgres(db)) return db.transaction().setIsolationLevel('repeatable read').execute(read);
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      return await read(connection);
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

/** The site's migrations over a store (a test may stop at one with `migrateTo`). */
export const migrator = (db: Kysely<Database>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

export async function migrateToLatest(db: Kysely<Database>) {
  const { error, results } = await migrator(db).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`Migration ${result.migrationName} failed`);
    if (result.status === 'Success') console.log(`Migration ${result.migrationName} applied`);
  }
  if (error) throw error;
}

// Reuse one connection across dev rebuilds.
const globalForDb = globalThis as unknown as { __db?: Kysely<Database>; __migrated?: Promise<void> };
export const db = (globalForDb.__db ??= await connect(config.DATABASE_URL, config.DATA_DIR));
globalForDb.__migrated ??= migrateToLatest(db);
await globalForDb.__migrated;

export type { Database };
