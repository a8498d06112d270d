import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, expect, test, vi } from 'vitest';
import { keepingStatements } from './statements';

let sqlite: SQLite.Database;
afterEach(() => sqlite?.close());

function open(kept?: number) {
  sqlite = new SQLite(':memory:');
  const prepare = vi.spyOn(sqlite, 'prepare');
  const db = new Kysely<{ t: { n: number } }>({
    dialect: new SqliteDialect({ database: keepingStatements(sqlite, kept) }),
  });
  return { db, prepare };
}

test('a query asked again reuses its compiled statement, with new parameters', async () => {
  const { db, prepare } = open();
  await db.schema.createTable('t').addColumn('n', 'integer').execute();
  await db.insertInto('t').values({ n: 1 }).execute();
  await db.insertInto('t').values({ n: 2 }).execute();
  const read = (n: number) => db.selectFrom('t').select('n').where('n', '=', n).execute();
  expect(await read(1)).toEqual([{ n: 1 }]);
  expect(await read(2)).toEqual([{ n: 2 }]);
  // create table, one insert (asked twice), one select (asked twice)
  expect(prepare).toHaveBeenCalledTimes(3);
});

test('a kept statement reads a table a later migration changed', async () => {
  const { db } = open();
  await db.schema.createTable('t').addColumn('n', 'integer').execute();
  await db.insertInto('t').values({ n: 1 }).execute();
  const all = () => sql`select * from t`.execute(db).then((result) => result.rows);
  expect(await all()).toEqual([{ n: 1 }]);
  await db.schema
    .alterTable('t')
    .addColumn('m', 'text', (column) => column.defaultTo('x'))
    .execute();
  expect(await all()).toEqual([{ n: 1, m: 'x' }]);
});

test('it keeps at most its limit: a flood of distinct SQL empties it', async () => {
  const { db, prepare } = open(2);
  const one = (k: number) => sql`select ${sql.lit(k)} as k`.execute(db);
  await one(1);
  await one(2);
  await one(1);
  expect(prepare).toHaveBeenCalledTimes(2);
  await one(3); // full: emptied, then 3 kept
  await one(1);
  expect(prepare).toHaveBeenCalledTimes(4);
});
