import type { Kysely } from 'kysely';

// Timed work every instance shares (docs/decisions/027-jobs-table.md): a job is a row, enqueued in
// the transaction of the change that causes it, claimed by one statement (FOR UPDATE SKIP LOCKED
// on PostgreSQL, SQLite's single writer), leased, retried, and dead after 5 attempts. `key` is
// unique: enqueueing what is already there does nothing, so a retried request or a second
// instance never doubles a mail or a reminder. Times are ISO text like every other column.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // what runs it: 'mail', 'reminder', ...
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // what it is about ('booking:{id}'), so a change can cancel its queued jobs
    .addColumn('subject', 'text')
    // JSON
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    // not run after this (a reminder once its booking has started): dropped instead
    .addColumn('stale_at', 'text')
    // 'queued', 'running', 'failed' (to be tried again at run_at), 'done', 'dead', 'cancelled'
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'text')
    // the instance that holds the lease (its host name and process id)
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The claim's scan: due jobs in run_at order, among the few not finished.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_subject').on('jobs').columns(['subject', 'kind']).execute();

  // 1: the member gets booking reminders (their choice on /bookings).
  await db.schema
    .alterTable('users')
    .addColumn('booking_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // When a resource went out of service, for the reminders' heads-up (null: in service, or
  // out of service since before this column).
  await db.schema.alterTable('resources').addColumn('status_since', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('resources').dropColumn('status_since').execute();
  await db.schema.alterTable('users').dropColumn('booking_reminders').execute();
  await db.schema.dropTable('jobs').execute();
}
