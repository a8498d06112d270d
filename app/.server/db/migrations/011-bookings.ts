import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// Booking the lab's machines (docs/decisions/024-bookings-never-clash.md): resources with their
// rules, the inductions that gate them, and one `bookings` table for members' bookings and
// maintenance blocks alike, so one guarantee covers both: no two active rows of a resource block
// overlapping time. Each row blocks [block_start, block_end) in minutes since the epoch (its time
// plus the buffer after it), half-open so back-to-back bookings fit. Integers, not the ISO text of
// the other columns: PostgreSQL refuses a text-to-timestamp cast in a constraint (it is not
// immutable), and integers compare the same on both engines.
// PostgreSQL enforces it with an exclusion constraint; SQLite, which has one writer at a time, with
// triggers that abort an overlapping insert or update inside the writer's transaction.
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);

  await db.schema
    .createTable('inductions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // null: never expires
    .addColumn('valid_months', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inductors')
    .addColumn('induction_id', 'text', (c) => c.notNull().references('inductions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appointed_by', 'text', (c) => c.notNull())
    .addColumn('appointed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inductors_pk', ['induction_id', 'user_id'])
    .execute();
  await db.schema.createIndex('inductors_user').on('inductors').column('user_id').execute();

  // One row per member and induction: signed off (and when it expires), or revoked and why.
  await db.schema
    .createTable('member_inductions')
    .addColumn('induction_id', 'text', (c) => c.notNull().references('inductions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signed_off_by', 'text', (c) => c.notNull())
    .addColumn('signed_off_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('revoke_reason', 'text')
    .addPrimaryKeyConstraint('member_inductions_pk', ['induction_id', 'user_id'])
    .execute();
  await db.schema.createIndex('member_inductions_user').on('member_inductions').column('user_id').execute();

  await db.schema
    .createTable('induction_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('induction_id', 'text', (c) => c.notNull().references('inductions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'text')
    .execute();
  // One open request per member and induction: a second press finds the first.
  await db.schema
    .createIndex('induction_requests_open')
    .on('induction_requests')
    .columns(['induction_id', 'user_id'])
    .unique()
    .where(sql.ref('done_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // 'fabrication', 'electronics' (electronics and compute) or 'wetlab'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    // 'available' or 'out_of_service'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('induction_id', 'text', (c) => c.references('inductions.id').onDelete('set null'))
    .addColumn('slot_minutes', 'integer', (c) => c.notNull())
    .addColumn('min_minutes', 'integer', (c) => c.notNull())
    .addColumn('max_minutes', 'integer', (c) => c.notNull())
    .addColumn('buffer_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    // 'any', or JSON {"mon": {"open": 540, "close": 1080}, ...} (minutes after midnight; a missing day is closed)
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('notice_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('horizon_days', 'integer', (c) => c.notNull())
    .addColumn('cancel_cutoff_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_upcoming', 'integer')
    .addColumn('max_week_minutes', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the iCalendar UID: random, stable across changes, never reused
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id'))
    // 'booking' (a member's) or 'maintenance' (an admin's block, no member)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('block_start', 'integer', (c) => c.notNull())
    .addColumn('block_end', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // 'active' or 'cancelled'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // raised on every change (iCalendar SEQUENCE)
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    // an admin who booked past the rules, or made the maintenance block, and why
    .addColumn('booked_by', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cancelled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addCheckConstraint('bookings_range', sql`block_start < block_end`)
    .execute();
  // A calendar reads the rows of a resource that end after its first day (calendarBlocks): by the
  // end, so a machine's years of past bookings are never walked, only what lies ahead.
  await db.schema
    .createIndex('bookings_resource_end')
    .on('bookings')
    .columns(['resource_id', 'block_end'])
    .execute();
  await db.schema
    .createIndex('bookings_user_time')
    .on('bookings')
    .columns(['user_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  if (postgres) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`
      alter table bookings add constraint bookings_no_clash exclude using gist
        (resource_id with =, int4range(block_start, block_end, '[)') with &&)
        where (status = 'active')`.execute(db);
  } else {
    // Runs inside the writer's transaction: no other write can come between the check and the row.
    const clash = sql`
      select raise(abort, 'bookings_no_clash') where exists (
        select 1 from bookings b where b.resource_id = new.resource_id and b.status = 'active'
          and b.id <> new.id and b.block_start < new.block_end and new.block_start < b.block_end)`;
    await sql`
      create trigger bookings_no_clash_insert before insert on bookings
      when new.status = 'active' begin ${clash}; end`.execute(db);
    await sql`
      create trigger bookings_no_clash_update before update of status, block_start, block_end, resource_id on bookings
      when new.status = 'active' begin ${clash}; end`.execute(db);
  }

  // What the public pages show of these tables bumps the render cache's data version (006).
  for (const table of ['inductions', 'resources', 'bookings']) {
    if (postgres)
      await sql`
        create constraint trigger ${sql.raw(`${table}_changed`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred for each row execute function bump_data_version()`.execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql`
          create trigger ${sql.raw(`${table}_${event}_changed`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update data_version set version = version + 1; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'calendar_feeds',
    'bookings',
    'resources',
    'induction_requests',
    'member_inductions',
    'inductors',
    'inductions',
  ])
    await db.schema.dropTable(table).execute();
}
