import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** More than the site's distinct queries (a few hundred), so in use the kept ones stay. */
export const STATEMENTS_KEPT = 1_000;

/**
 * The SQLite connection Kysely uses, keeping each query's compiled statement: better-sqlite3
 * compiles the SQL on every `prepare`, Kysely prepares every query it runs, and the site asks the
 * same queries again and again (a directory page's six queries spent a fifth of their time
 * compiling). Emptied when full, so no stream of distinct SQL can grow it without bound. Kysely runs
 * one query at a time on the connection, so a kept statement is never in use twice at once, and
 * SQLite compiles a statement again by itself when a migration changes the tables it reads.
 */
export function keepingStatements(sqlite: SQLite.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= kept) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
