import { sql, type Kysely } from 'kysely';

// A worker nothing stalls (docs/architecture.md §14). `due_at` is when a job was first owed: a
// retry moves `run_at` on, and /healthz counts how long the oldest owed job has been owed from
// `due_at`, whether it waits for a worker, runs, hangs past its lease or waits for a retry.
// `sweeps` records each recurring sweep's last run and last failure (the release of no-shows), so
// a sweep that throws is seen on /admin/jobs, not only in one instance's log.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('jobs').addColumn('due_at', 'text').execute();
  await sql`update jobs set due_at = run_at`.execute(db);
  await db.schema
    .createTable('sweeps')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'text', (c) => c.notNull())
    .addColumn('last_ok_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'text')
    // the instance of the last run (host name and process id)
    .addColumn('instance', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('sweeps').execute();
  await db.schema.alterTable('jobs').dropColumn('due_at').execute();
}
