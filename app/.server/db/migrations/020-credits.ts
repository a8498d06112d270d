import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// Credits (issue 43, docs/decisions/031-credit-ledger.md): what the lab hands out (GPU tokens), in
// lots a member holds, each with an append-only ledger of entries. A lot's `remaining` changes only
// in the transaction that appends its entry, by a guarded update, and the database refuses to let
// it go below zero (a CHECK on both engines) and refuses any update or delete of an entry (a
// trigger on both). The member is named on the lot only, whose user_id is set to null when they
// remove their account: their entries, which cannot be updated, need no change to be anonymous.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('credits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'GPU tokens'
    .addColumn('name', 'text', (c) => c.notNull().unique())
    // 'token'
    .addColumn('unit', 'text', (c) => c.notNull())
    // made for every member for each lab month a booking of theirs starts in; 0: none
    .addColumn('monthly_allowance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`monthly_allowance >= 0`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A resource may cost credits: so many of one credit per hour booked.
  await db.schema
    .alterTable('resources')
    .addColumn('credit_id', 'text', (c) => c.references('credits.id'))
    .execute();
  await db.schema
    .alterTable('resources')
    .addColumn('credits_per_hour', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('credit_lots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('credit_id', 'text', (c) => c.notNull().references('credits.id'))
    // null once the member removed their account
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // 'allowance' or 'grant'
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('allowance', 'grant')`))
    // an allowance's lab month, '2026-12'; null for a grant
    .addColumn('month', 'text')
    // a grant's form key: the same form sent twice grants once
    .addColumn('grant_key', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    // null: never
    .addColumn('expires_at', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // 'lab' (an allowance), '@admin' or 'admin CLI'
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_lots_allowance')
    .on('credit_lots')
    .columns(['credit_id', 'user_id', 'month'])
    .unique()
    .execute();
  await db.schema
    .createIndex('credit_lots_grant')
    .on('credit_lots')
    .columns(['grant_key', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('credit_lots_expiry')
    .on('credit_lots')
    .columns(['expires_at', 'remaining'])
    .execute();

  await db.schema
    .createTable('credit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lot_id', 'text', (c) => c.notNull().references('credit_lots.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('grant', 'allowance', 'hold', 'release', 'settle', 'expire', 'adjust')`),
    )
    // the credits the entry is about, and what it changed the lot's remaining by: a hold -n, a
    // release +n, a settle 0 (what was held is spent), an adjust either way
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('delta', 'integer', (c) => c.notNull())
    // no foreign key: cancelled bookings are deleted after 30 days, the ledger keeps what it was about
    .addColumn('booking_id', 'text')
    // 'GPU workstation, Tuesday 1 December, 10:00–12:00'
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // 'member', 'lab', '@admin' or 'admin CLI'
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_entries_lot')
    .on('credit_entries')
    .columns(['lot_id', 'created_at'])
    .execute();
  await db.schema.createIndex('credit_entries_booking').on('credit_entries').column('booking_id').execute();

  if (isPostgres(db)) {
    await sql`
      create function credit_entries_append_only() returns trigger language plpgsql as $$
      begin raise exception 'credit_entries_append_only'; end $$`.execute(db);
    await sql`
      create trigger credit_entries_append_only before update or delete on credit_entries
      for each row execute function credit_entries_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete'])
    await sql`
      create trigger ${sql.raw(`credit_entries_no_${event}`)} before ${sql.raw(event)} on credit_entries
      begin select raise(abort, 'credit_entries_append_only'); end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('credit_entries').execute();
  if (isPostgres(db)) await sql`drop function credit_entries_append_only()`.execute(db);
  await db.schema.dropTable('credit_lots').execute();
  await db.schema.alterTable('resources').dropColumn('credits_per_hour').execute();
  await db.schema.alterTable('resources').dropColumn('credit_id').execute();
  await db.schema.dropTable('credits').execute();
}
