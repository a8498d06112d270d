import { sql, type Kysely } from 'kysely';

// The waiting list (issue 44, docs/decisions/033-waiting-list-offers.md): a member waits on a
// resource for any time in a window [window_start, window_end) of at least `min_minutes` (an exact
// slot is a window equal to it); created_at orders the line. A wait that ended (left, booked, or
// its window over) stays, with when and why, for the lab's usage figures. Freed time is offered
// as a booking with status 'offered' that names the wait it was offered to (bookings.waitlist_id):
// the next offer of the same time skips every member who had it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .addColumn('min_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    // 'left', 'booked' (took an offer, or booked time in the window), 'over' (the window passed)
    .addColumn('ended_why', 'text')
    .execute();
  // One open wait per member, resource and window: a second 'Join' is told they are in line.
  await db.schema
    .createIndex('waitlist_open_unique')
    .on('waitlist')
    .columns(['resource_id', 'user_id', 'window_start', 'window_end'])
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  // The line of a resource, oldest first.
  await db.schema
    .createIndex('waitlist_line')
    .on('waitlist')
    .columns(['resource_id', 'created_at'])
    .execute();
  await db.schema.createIndex('waitlist_user').on('waitlist').column('user_id').execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('waitlist_id', 'text', (c) => c.references('waitlist.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('bookings_waitlist').on('bookings').column('waitlist_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookings_waitlist').execute();
  await db.schema.alterTable('bookings').dropColumn('waitlist_id').execute();
  await db.schema.dropTable('waitlist').execute();
}
