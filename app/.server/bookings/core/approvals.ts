// Requests that approvers decide (docs/product.md §10 'Approvals', docs/decisions/032-approvals-and-offers.md):
// a member's booking of a resource that needs approval is made by book() as a pending row that
// holds its slot; here an approver approves or declines it, and the worker expires it at its
// deadline. Each is one guarded update in the lifecycle (WHERE status = 'pending'), so two
// approvers and the expiry at one moment give exactly one outcome; the others are told which.
import type { Kysely } from 'kysely';
import { actorName, recordAudit } from '../../audit';
import type { Database } from '../../db/schema';
import type { Answer, Booking } from '~/lib/bookings/models';
import type { InductionStanding } from '~/lib/bookings/rules';
import { decidedText, OWN_REQUEST } from '~/lib/bookings/approvals';
import { inductionStanding, type InductionActor } from '../inductions/inductions';
import { transition } from './lifecycle';
import { selectBookings, toBooking, writeTransaction } from './rows';

export type DecideOutcome =
  | { status: 'decided'; booking: Booking }
  /** decided first by someone else, expired, or withdrawn: what happened, in words */
  | { status: 'already'; message: string }
  | { status: 'refused'; message: string }
  | { status: 'not-found' };

/** A pending request as /approvals lists it. */
export interface PendingRequest {
  booking: Booking;
  member: { id: string; username: string; fullname: string };
  answers: Answer[];
  /** the member's standing in the induction the resource needs (null: it needs none) */
  induction: InductionStanding | null;
  /** the approver's own request: shown, not decidable */
  own: boolean;
}

/** Whether `actor` decides requests for `resourceId`: an admin anywhere, else a named approver. */
export async function mayDecide(db: Kysely<Database>, actor: InductionActor, resourceId?: string) {
  if (actor.role === 'admin') return true;
  let query = db.selectFrom('approvers').select('user_id').where('user_id', '=', actor.id);
  if (resourceId) query = query.where('resource_id', '=', resourceId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * Approves or declines (with `reason`) a pending request. Refused for the approver's own request
 * and for a request of a resource they do not approve (not-found, so ids are not probed); a
 * request past its deadline expires here, as the worker would at that moment.
 */
export async function decide(
  db: Kysely<Database>,
  input: { bookingId: string; actor: InductionActor; approve: boolean; reason: string; now?: Date },
): Promise<DecideOutcome> {
  const now = input.now ?? new Date();
  return writeTransaction(db, async (trx): Promise<DecideOutcome> => {
    const row = await selectBookings(trx)
      .where('bookings.id', '=', input.bookingId)
      .where('bookings.kind', '=', 'booking')
      .executeTakeFirst();
    // Only a request (pending, or decided since) is decided here; ids are not probed.
    const request = row && (row.status === 'pending' || row.decided_at !== null);
    if (!request || !(await mayDecide(trx, input.actor, row.resource_id))) return { status: 'not-found' };
    if (row.user_id === input.actor.id) return { status: 'refused', message: OWN_REQUEST };
    const by = { actor: { username: input.actor.username }, reason: input.reason };
    const late = row.hold_until !== null && row.hold_until <= now.toISOString();
    const [decided] = late
      ? []
      : await transition(trx, { to: input.approve ? 'approved' : 'declined', bookingId: row.id, by }, now);
    if (decided) return { status: 'decided', booking: decided };
    // Someone came first, or the deadline passed: the expiry is made now if it is still owed.
    if (late) await transition(trx, { to: 'expired', bookingId: row.id }, now);
    const current = await selectBookings(trx).where('bookings.id', '=', row.id).executeTakeFirstOrThrow();
    if (current.status === 'pending') return { status: 'not-found' };
    return { status: 'already', message: decidedText(toBooking(current)) };
  });
}

/** The worker's expiry of a request nobody decided by its deadline (a job at `hold_until`). */
export async function expireRequest(db: Kysely<Database>, bookingId: string, now = new Date()) {
  return writeTransaction(db, (trx) => transition(trx, { to: 'expired', bookingId }, now));
}

/** The pending requests `actor` may decide (an admin: all), soonest start first. */
export async function pendingFor(db: Kysely<Database>, actor: InductionActor, now = new Date()) {
  let query = selectBookings(db)
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .leftJoin('inductions', 'inductions.id', 'resources.induction_id')
    .select([
      'users.username',
      'users.fullname',
      'resources.induction_id',
      'inductions.slug as induction_slug',
      'inductions.name as induction_name',
    ])
    .where('bookings.status', '=', 'pending')
    .orderBy('bookings.starts_at')
    .orderBy('bookings.created_at');
  if (actor.role !== 'admin')
    query = query.where((eb) =>
      eb(
        'bookings.resource_id',
        'in',
        eb.selectFrom('approvers').select('resource_id').where('user_id', '=', actor.id),
      ),
    );
  const rows = await query.execute();
  return Promise.all(
    rows.map(async (row): Promise<PendingRequest> => {
      const booking = toBooking(row);
      return {
        booking,
        member: { id: row.user_id!, username: row.username, fullname: row.fullname },
        answers: booking.answers,
        induction:
          row.induction_id && row.induction_slug && row.induction_name
            ? await inductionStanding(
                db,
                { id: row.induction_id, slug: row.induction_slug, name: row.induction_name },
                row.user_id!,
                now,
              )
            : null,
        own: row.user_id === actor.id,
      };
    }),
  );
}

/** A resource's named approvers, for its admin page. */
export async function approversOf(db: Kysely<Database>, resourceId: string) {
  return db
    .selectFrom('approvers')
    .innerJoin('users', 'users.id', 'approvers.user_id')
    .select(['users.id', 'users.username', 'users.fullname', 'approvers.appointed_by as appointedBy'])
    .where('approvers.resource_id', '=', resourceId)
    .orderBy('users.username')
    .execute();
}

/** Names (or, `appoint: false`, un-names) a member as an approver of a resource, audited. Admins only: the caller checks. */
export async function setApprover(
  db: Kysely<Database>,
  actor: { username: string } | 'cli',
  input: { resourceId: string; userId: string; appoint: boolean },
  now = new Date(),
) {
  return writeTransaction(db, async (trx) => {
    const names = await trx
      .selectFrom('resources')
      .innerJoin('users', (join) => join.on('users.id', '=', input.userId))
      .select(['resources.name', 'users.username'])
      .where('resources.id', '=', input.resourceId)
      .executeTakeFirst();
    if (!names) return false;
    if (input.appoint)
      await trx
        .insertInto('approvers')
        .values({
          resource_id: input.resourceId,
          user_id: input.userId,
          appointed_by: actorName(actor),
          appointed_at: now.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await trx
        .deleteFrom('approvers')
        .where('resource_id', '=', input.resourceId)
        .where('user_id', '=', input.userId)
        .execute();
    await recordAudit(trx, actor, {
      action: input.appoint ? 'approver.add' : 'approver.remove',
      target: `@${names.username} for ${names.name}`,
    });
    return true;
  });
}
