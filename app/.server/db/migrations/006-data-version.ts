import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// The version of what public pages show (docs/performance.md, the render cache): one row that a
// trigger bumps inside every transaction that writes a table those pages read, so the new version
// becomes visible exactly when the write commits, on every instance, whoever wrote it (a form, the
// API, the admin CLI, a restore). Sessions, tokens, invites and rate limits are not such tables.
export const VERSIONED_TABLES = [
  'users',
  'posts',
  'projects',
  'project_members',
  'assets',
  'username_redirects',
];

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('data_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    // Random per database: a restored or copied database counts from 1 again, and must not hand
    // out the ETags the old one did.
    .addColumn('epoch', 'text', (c) => c.notNull())
    // PostgreSQL: the transaction that last bumped it, so a transaction bumps it once.
    .addColumn('changed_by', 'text')
    .execute();
  const epoch = crypto.randomBytes(4).toString('hex');
  await sql`insert into data_version (id, version, epoch) values (1, 1, ${epoch})`.execute(db);
  if (postgres) {
    // A deferred trigger runs at commit, so the row is locked only while a transaction commits:
    // writers never wait on each other here for longer than that, and cannot deadlock on it.
    await sql`
      create function bump_data_version() returns trigger language plpgsql as $$
      begin
        update data_version set version = version + 1, changed_by = pg_current_xact_id()::text
          where changed_by is distinct from pg_current_xact_id()::text;
        return null;
      end $$`.execute(db);
    for (const table of VERSIONED_TABLES)
      await sql`
        create constraint trigger ${sql.raw(`${table}_changed`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred for each row execute function bump_data_version()`.execute(db);
    return;
  }
  // SQLite has one writer at a time, so a plain row trigger is enough.
  for (const table of VERSIONED_TABLES)
    for (const event of ['insert', 'update', 'delete'])
      await sql`
        create trigger ${sql.raw(`${table}_${event}_changed`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update data_version set version = version + 1; end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  for (const table of VERSIONED_TABLES) {
    if (postgres) await sql`drop trigger ${sql.raw(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`${table}_${event}_changed`)}`.execute(db);
  }
  if (postgres) await sql`drop function bump_data_version()`.execute(db);
  await db.schema.dropTable('data_version').execute();
}
