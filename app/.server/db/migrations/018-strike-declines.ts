import type { Kysely } from 'kysely';

// A member's request to waive a strike can be declined by an admin with a reason (issue 41), and
// the member is mailed it. One answer per strike: waived (waived_at) or declined (declined_at),
// each set by a guarded update that finds neither, so two admins at once give one outcome.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('strikes').addColumn('declined_at', 'text').execute();
  // '@admin' or 'admin CLI'
  await db.schema.alterTable('strikes').addColumn('declined_by', 'text').execute();
  await db.schema
    .alterTable('strikes')
    .addColumn('decline_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('strikes').dropColumn('decline_reason').execute();
  await db.schema.alterTable('strikes').dropColumn('declined_by').execute();
  await db.schema.alterTable('strikes').dropColumn('declined_at').execute();
}
