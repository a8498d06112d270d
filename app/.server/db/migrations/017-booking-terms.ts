import { sql, type Kysely } from 'kysely';

// A booking keeps the terms it was made under (issue 41: raising a resource's cutoff from 60 to
// 180 minutes turned a free cancel made a minute earlier into a strike). The cancellation cutoff
// and the check-in grace (null: no check-in) are copied from the resource when a booking is made
// or changed, and every later rule reads these: the cancel, the late release and its strike,
// check-in and the release of no-shows, the reminders. Existing bookings get their resource's
// terms of today, the terms they have been held to until now.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('bookings')
    .addColumn('cancel_cutoff_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('check_in_grace_minutes', 'integer').execute();
  await sql`update bookings set
      cancel_cutoff_minutes = (select r.cancel_cutoff_minutes from resources r where r.id = bookings.resource_id),
      check_in_grace_minutes = (select case when r.check_in_required = 1 then r.grace_minutes end
                                from resources r where r.id = bookings.resource_id)
    where kind = 'booking'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').dropColumn('check_in_grace_minutes').execute();
  await db.schema.alterTable('bookings').dropColumn('cancel_cutoff_minutes').execute();
}
