// The backup, restore and `db copy` carry every table the migrations make (but the data version,
// which a restored database starts afresh): a table added without being named in TABLES would be
// silently left out of every archive.
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { TABLES } from './backup';
import { db, usesPostgres } from './db';

afterAll(() => db.destroy());

test('TABLES names every table of the schema', async () => {
  const { rows } = usesPostgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const tables = rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_') && name !== 'data_version');
  expect([...TABLES].sort()).toEqual(tables.sort());
});
