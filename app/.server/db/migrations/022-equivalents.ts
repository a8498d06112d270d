import type { Kysely } from 'kysely';

// Admins group equivalent machines ('Prusa printers', issue 44): 'Find the next free time' then
// searches every machine of the resource's group, not just the one. Empty: in no group. A column,
// not a table of groups: a group is only the name its machines share, and the lab has a handful.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('resources')
    .addColumn('equivalent_group', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The search reads every block range of a group over its horizon (a year, at most): from this
  // index alone, never the rows, which made the read of a year of bookings twice as long.
  await db.schema
    .createIndex('bookings_resource_ranges')
    .on('bookings')
    .columns(['resource_id', 'block_end', 'block_start', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookings_resource_ranges').execute();
  await db.schema.alterTable('resources').dropColumn('equivalent_group').execute();
}
