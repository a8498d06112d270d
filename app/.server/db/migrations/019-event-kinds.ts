import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// A booking's history is counted by kind and by actor (the usage figures, issue 45), so the
// database holds both to the lifecycle's lists (EVENT_KINDS and EventActor in
// app/lib/bookings/models.ts; db/schema.test.ts holds the code to this). Written out here, not
// imported: a migration says what it did then. A new kind comes with a migration of its own.
const KINDS = [
  'booked',
  'changed',
  'checked-in',
  'checked-out',
  'cancelled',
  'released',
  'strike',
  'waived',
  'reminded',
];

const kindIn = sql.join(KINDS.map((kind) => sql.lit(kind)));

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`alter table booking_events add constraint booking_events_kind check (kind in (${kindIn}))`.execute(
      db,
    );
    await sql`
      alter table booking_events add constraint booking_events_actor
        check (actor in ('member', 'lab', 'admin CLI') or actor like '@%')`.execute(db);
    return;
  }
  // SQLite cannot add a CHECK to a table: a trigger refuses the row instead.
  for (const event of ['insert', 'update'])
    await sql`
      create trigger ${sql.raw(`booking_events_typed_${event}`)} before ${sql.raw(event)} on booking_events
      when new.kind not in (${kindIn})
        or (new.actor not in ('member', 'lab', 'admin CLI') and new.actor not like '@%')
      begin select raise(abort, 'booking_events_typed'); end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`alter table booking_events drop constraint booking_events_actor`.execute(db);
    await sql`alter table booking_events drop constraint booking_events_kind`.execute(db);
    return;
  }
  for (const event of ['insert', 'update'])
    await sql`drop trigger ${sql.raw(`booking_events_typed_${event}`)}`.execute(db);
}
