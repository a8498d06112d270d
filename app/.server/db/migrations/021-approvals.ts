import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../engine';

// Approvals and offers (issue 44, docs/decisions/030-booking-lifecycle.md): a request waiting for
// approval is a booking with status 'pending', time offered from the waiting list one with status
// 'offered'; each holds its time until `hold_until`. Both hold the machine, so the clash guarantee
// now covers every status but the three that gave their time back: 'cancelled', 'declined' (an
// approver said no, or the member passed an offer) and 'expired' (nobody decided, or nobody took
// the offer, in time). The event kinds of those changes join the typed list (migration 019).
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
  'requested',
  'approved',
  'declined',
  'expired',
  'offered',
  'accepted',
  'passed',
];

const FREED = "not in ('cancelled', 'declined', 'expired')";

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('resources')
    .addColumn('approval_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // asked on the confirm page, one per line
  await db.schema
    .alterTable('resources')
    .addColumn('approval_questions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Who decides a resource's requests (admins decide any), named by admins like inductors.
  await db.schema
    .createTable('approvers')
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appointed_by', 'text', (c) => c.notNull())
    .addColumn('appointed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('approvers_pk', ['resource_id', 'user_id'])
    .execute();
  await db.schema.createIndex('approvers_user').on('approvers').column('user_id').execute();

  // until when a pending request or an offer holds its time (a job ends it then)
  await db.schema.alterTable('bookings').addColumn('hold_until', 'text').execute();
  // the answers to the resource's questions, JSON: [{ "question": …, "answer": … }]
  await db.schema
    .alterTable('bookings')
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // who decided a request ('@approver', 'lab' for the expiry), when, and the reason of a decline
  await db.schema.alterTable('bookings').addColumn('decided_by', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('decided_at', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('bookings_pending')
    .on('bookings')
    .columns(['status', 'starts_at'])
    .where(sql.ref('status'), 'in', ['pending', 'offered'])
    .execute();

  await noClash(db, postgres);
  await typedKinds(db, postgres);
}

/** The clash guarantee over every status that holds its time (all but FREED). */
async function noClash(db: Kysely<unknown>, postgres: boolean, holding = FREED) {
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

/** booking_events.kind held to `kinds` (migration 019's check, rebuilt). */
async function typedKinds(db: Kysely<unknown>, postgres: boolean, kinds = KINDS) {
  const kindIn = sql.join(kinds.map((kind) => sql.lit(kind)));
  if (postgres) {
    await sql`alter table booking_events drop constraint booking_events_kind`.execute(db);
    await sql`alter table booking_events add constraint booking_events_kind check (kind in (${kindIn}))`.execute(
      db,
    );
    return;
  }
  for (const event of ['insert', 'update']) {
    await sql`drop trigger ${sql.raw(`booking_events_typed_${event}`)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`booking_events_typed_${event}`)} before ${sql.raw(event)} on booking_events
      when new.kind not in (${kindIn})
        or (new.actor not in ('member', 'lab', 'admin CLI') and new.actor not like '@%')
      begin select raise(abort, 'booking_events_typed'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await typedKinds(db, postgres, KINDS.slice(0, 9));
  await noClash(db, postgres, "<> 'cancelled'");
  await db.schema.dropIndex('bookings_pending').execute();
  for (const column of ['decision_reason', 'decided_at', 'decided_by', 'answers', 'hold_until'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  await db.schema.dropTable('approvers').execute();
  await db.schema.alterTable('resources').dropColumn('approval_questions').execute();
  await db.schema.alterTable('resources').dropColumn('approval_required').execute();
}
