import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// Used, not just booked (docs/product.md §10 'Check-in'): a resource may require members to check
// in at the machine within a grace after the start, or the booking is released as a no-show.
// Bookings gain the statuses 'checked_in', 'checked_out' and 'no_show' beside 'active' and
// 'cancelled'; every status but 'cancelled' held the machine, for the minutes its block range
// now says (a check-out or a release shortens it), so the clash guarantee of 011 covers them all.
// Each change of a booking is appended to booking_events in the same transaction.
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);

  await db.schema
    .alterTable('resources')
    .addColumn('check_in_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('resources')
    .addColumn('grace_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .execute();

  for (const column of ['checked_in_at', 'checked_in_by', 'checked_out_at', 'released_at'])
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('check_in_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // A booking's history: booked, changed, cancelled, checked in, checked out, released, reminded.
  await db.schema
    .createTable('booking_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // '@username', 'admin CLI', 'member' (the booking's own), 'lab' (the worker)
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('booking_events_booking')
    .on('booking_events')
    .columns(['booking_id', 'at'])
    .execute();

  // The guarantee, now over every status that held the machine.
  await noClash(db, "<> 'cancelled'", postgres);
}

/** Replaces the clash guarantee with one over the rows whose status is `holding` ("<> 'cancelled'"). */
async function noClash(db: Kysely<unknown>, holding: string, postgres: boolean) {
  const holds = (table: string) => sql.raw(`${table}status ${holding}`);
  if (postgres) {
    await sql`alter table bookings drop constraint bookings_no_clash`.execute(db);
    await sql`
      alter table bookings add constraint bookings_no_clash exclude using gist
        (resource_id with =, int4range(block_start, block_end, '[)') with &&)
        where (${holds('')})`.execute(db);
    return;
  }
  await sql`drop trigger bookings_no_clash_insert`.execute(db);
  await sql`drop trigger bookings_no_clash_update`.execute(db);
  // Runs inside the writer's transaction: no other write can come between the check and the row.
  const clash = sql`
    select raise(abort, 'bookings_no_clash') where exists (
      select 1 from bookings b where b.resource_id = new.resource_id and ${holds('b.')}
        and b.id <> new.id and b.block_start < new.block_end and new.block_start < b.block_end)`;
  await sql`
    create trigger bookings_no_clash_insert before insert on bookings
    when ${holds('new.')} begin ${clash}; end`.execute(db);
  await sql`
    create trigger bookings_no_clash_update before update of status, block_start, block_end, resource_id on bookings
    when ${holds('new.')} begin ${clash}; end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await noClash(db, "= 'active'", isPostgres(db));
  await db.schema.dropTable('booking_events').execute();
  for (const column of ['checked_in_at', 'checked_in_by', 'checked_out_at', 'released_at', 'check_in_reason'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  await db.schema.alterTable('resources').dropColumn('grace_minutes').execute();
  await db.schema.alterTable('resources').dropColumn('check_in_required').execute();
}
