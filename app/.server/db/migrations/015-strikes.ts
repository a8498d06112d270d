import type { Kysely } from 'kysely';

// No-show strikes (docs/product.md §10 'Strikes'): a booking released because nobody checked in,
// or released past the cancellation cutoff, gives its member a strike that counts for 60 days;
// three unwaived ones stop new bookings for 14 days. A late cancel is waived when someone else
// books the slot; a member may ask an admin to waive one, who does with a reason. A strike stays
// when its booking row is deleted (cancelled rows go after 30 days), keeping what it was about.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('strikes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    // 'no-show' or 'late-cancel'
    .addColumn('kind', 'text', (c) => c.notNull())
    // what it was about, kept when the booking row is gone: 'Laser cutter, Tuesday 1 December ...'
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('waived_at', 'text')
    // '@admin', or 'lab' when the slot was booked again
    .addColumn('waived_by', 'text')
    .addColumn('waive_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('waive_asked_at', 'text')
    .addColumn('waive_request', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('strikes_user').on('strikes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('strikes_booking').on('strikes').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('strikes').execute();
}
