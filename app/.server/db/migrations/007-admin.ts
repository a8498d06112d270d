import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// The admin role, which invite each member registered with, and the audit log of admin actions
// (docs/decisions/018-admin-area.md). The log is append-only in the database itself: a trigger
// refuses every update and delete, so no page, CLI command or query can rewrite it.
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('invite_id', 'text', (c) => c.references('invite_keys.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Who did it, as they were named then: the log outlives the accounts it names.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  if (postgres) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is append-only'; end $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'])
    await sql`
      create trigger ${sql.raw(`audit_log_no_${event}`)} before ${sql.raw(event)} on audit_log
      begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres(db)) await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.alterTable('users').dropColumn('invite_id').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
