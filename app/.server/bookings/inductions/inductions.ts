// Inductions (docs/product.md §10): who holds which, who may sign members off (admins, and the
// inductors an admin names for an induction), and members' requests for one. Members never sign
// themselves off. Every sign-off, revocation and appointment goes to the audit log in its own
// transaction.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { actorName, recordAudit } from '../../audit';
import type { HeldInduction, Induction, InductionRef } from '~/lib/bookings/models';
import type { InductionStanding } from '~/lib/bookings/rules';
import { addLabMonths, labDayOf } from '~/lib/bookings/time';
import { OPEN, type Booking, type TouchedBooking } from '~/lib/bookings/models';
import { lockMember, selectBookings, toBooking, writeTransaction } from '../core/rows';
import { transition } from '../core/lifecycle';
import {
  queueInductionDeclined,
  queueInductionRequest,
  queueInductionRevoked,
  queueInductionSignedOff,
} from '../notify/mail';
import { cancelExpiryNotices, queueExpiryNotices } from '../notify/reminders';
import { selectTouched, toTouched } from '../core/touched';

/** Who acts on inductions: a signed-in member (admin or inductor). */
export interface InductionActor {
  id: string;
  username: string;
  role: 'member' | 'admin';
}

export async function inductionStanding(
  db: Kysely<Database>,
  induction: InductionRef,
  userId: string,
  now: Date,
): Promise<InductionStanding> {
  const row = await db
    .selectFrom('member_inductions')
    .select(['expires_at', 'revoked_at'])
    .where('induction_id', '=', induction.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.revoked_at) return { state: 'missing', name: induction.name };
  if (row.expires_at && row.expires_at <= now.toISOString())
    return { state: 'expired', name: induction.name, expiredOn: labDayOf(new Date(row.expires_at)) };
  return {
    state: 'held',
    name: induction.name,
    expiresOn: row.expires_at ? labDayOf(new Date(row.expires_at)) : null,
  };
}

export const toInduction = (row: {
  id: string;
  slug: string;
  name: string;
  description: string;
  valid_months: number | null;
}): Induction => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  validMonths: row.valid_months,
});

export async function listInductions(db: Kysely<Database>): Promise<Induction[]> {
  const rows = await db.selectFrom('inductions').selectAll().orderBy('name').execute();
  return rows.map(toInduction);
}

/** The member's inductions (held, expired or revoked) for /bookings and their export. */
export async function memberInductions(db: Kysely<Database>, userId: string): Promise<HeldInduction[]> {
  const rows = await db
    .selectFrom('member_inductions')
    .innerJoin('inductions', 'inductions.id', 'member_inductions.induction_id')
    .select([
      'inductions.id',
      'inductions.slug',
      'inductions.name',
      'member_inductions.signed_off_at',
      'member_inductions.signed_off_by',
      'member_inductions.expires_at',
      'member_inductions.revoked_at',
    ])
    .where('member_inductions.user_id', '=', userId)
    .orderBy('inductions.name')
    .execute();
  return rows.map((row) => ({
    induction: { id: row.id, slug: row.slug, name: row.name },
    signedOffAt: row.signed_off_at,
    signedOffBy: row.signed_off_by,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  }));
}

/** The inductions an actor may sign members off for: all for an admin, else those they were named for. */
export async function inductionsSignedOffBy(
  db: Kysely<Database>,
  actor: InductionActor,
): Promise<Induction[]> {
  if (actor.role === 'admin') return listInductions(db);
  const rows = await db
    .selectFrom('inductions')
    .innerJoin('inductors', 'inductors.induction_id', 'inductions.id')
    .selectAll('inductions')
    .where('inductors.user_id', '=', actor.id)
    .orderBy('inductions.name')
    .execute();
  return rows.map(toInduction);
}

/** Whether `actor` signs anyone off (/inductions is theirs): one row looked for, not a list. */
export async function isInductor(db: Kysely<Database>, actor: InductionActor) {
  const row =
    actor.role === 'admin'
      ? await db.selectFrom('inductions').select('id').limit(1).executeTakeFirst()
      : await db
          .selectFrom('inductors')
          .select('user_id')
          .where('user_id', '=', actor.id)
          .limit(1)
          .executeTakeFirst();
  return Boolean(row);
}

export async function maySignOff(db: Kysely<Database>, actor: InductionActor, inductionId: string) {
  if (actor.role === 'admin') return true;
  const row = await db
    .selectFrom('inductors')
    .select('user_id')
    .where('induction_id', '=', inductionId)
    .where('user_id', '=', actor.id)
    .executeTakeFirst();
  return Boolean(row);
}

export type SignOffOutcome = 'signed-off' | 'not-allowed' | 'self' | 'not-found';

/** Signs a member off (again): held from now, until the induction's months have passed. */
export async function signOff(
  db: Kysely<Database>,
  actor: InductionActor,
  input: { inductionId: string; userId: string; note: string },
  now = new Date(),
): Promise<SignOffOutcome> {
  if (input.userId === actor.id) return 'self';
  return writeTransaction(db, async (trx) => {
    // In the write's transaction: an inductor removed at this moment cannot still sign.
    if (!(await maySignOff(trx, actor, input.inductionId))) return 'not-allowed' as const;
    const [induction, member] = await Promise.all([
      trx
        .selectFrom('inductions')
        .select(['name', 'valid_months'])
        .where('id', '=', input.inductionId)
        .executeTakeFirst(),
      trx.selectFrom('users').select(['username', 'email']).where('id', '=', input.userId).executeTakeFirst(),
    ]);
    if (!induction || !member) return 'not-found' as const;
    const at = now.toISOString();
    const expires = induction.valid_months ? addLabMonths(now, induction.valid_months).toISOString() : null;
    const by = actorName(actor);
    await trx
      .insertInto('member_inductions')
      .values({
        induction_id: input.inductionId,
        user_id: input.userId,
        signed_off_by: by,
        signed_off_at: at,
        note: input.note,
        expires_at: expires,
      })
      .onConflict((oc) =>
        oc.columns(['induction_id', 'user_id']).doUpdateSet({
          signed_off_by: by,
          signed_off_at: at,
          note: input.note,
          expires_at: expires,
          revoked_at: null,
          revoked_by: null,
          revoke_reason: null,
        }),
      )
      .execute();
    await trx
      .updateTable('induction_requests')
      .set({ done_at: at, done_by: by })
      .where('induction_id', '=', input.inductionId)
      .where('user_id', '=', input.userId)
      .where('done_at', 'is', null)
      .execute();
    await recordAudit(trx, actor, {
      action: 'induction.sign-off',
      target: `@${member.username}: ${induction.name}`,
      detail: input.note,
    });
    // What the member can book now: not a machine out of service.
    const gated = await trx
      .selectFrom('resources')
      .select('name')
      .where('induction_id', '=', input.inductionId)
      .where('status', '<>', 'out_of_service')
      .orderBy('position')
      .execute();
    await queueExpiryNotices(
      trx,
      { inductionId: input.inductionId, userId: input.userId, signedOffAt: at, expiresAt: expires },
      now,
    );
    await queueInductionSignedOff(trx, member.email, {
      induction: induction.name,
      resources: gated.map((resource) => resource.name),
      at,
    });
    return 'signed-off' as const;
  });
}

/** A member's upcoming (or running) active bookings of resources that need `inductionId`. */
export async function bookingsNeeding(
  db: Kysely<Database>,
  inductionId: string,
  userId: string,
  now: Date,
): Promise<Booking[]> {
  const rows = await selectBookings(db)
    .where('resources.induction_id', '=', inductionId)
    .where('bookings.user_id', '=', userId)
    .where('bookings.kind', '=', 'booking')
    .where('bookings.status', 'in', OPEN)
    .where('bookings.ends_at', '>', now.toISOString())
    .orderBy('bookings.starts_at')
    .execute();
  return rows.map(toBooking);
}

export type RevokeOutcome =
  | {
      status: 'revoked';
      member: { username: string; email: string };
      induction: string;
      /** the member's upcoming bookings that need it: cancelled with it (`cancelled`), or standing */
      bookings: Booking[];
      cancelled: boolean;
    }
  | { status: 'not-allowed' | 'not-found' };

/**
 * Revokes a member's induction with a reason. Their upcoming bookings that need it are listed, and
 * cancelled in the same transaction when `alsoCancel`; the member's lock is held, so a booking of
 * theirs made at this moment either comes first (and is listed) or meets the revocation.
 */
export async function revokeInduction(
  db: Kysely<Database>,
  actor: InductionActor,
  input: { inductionId: string; userId: string; reason: string; alsoCancel?: boolean },
  now = new Date(),
): Promise<RevokeOutcome> {
  return writeTransaction(db, async (trx): Promise<RevokeOutcome> => {
    await lockMember(trx, input.userId);
    // In the write's transaction: an inductor removed at this moment cannot still sign.
    if (!(await maySignOff(trx, actor, input.inductionId))) return { status: 'not-allowed' };
    const row = await trx
      .selectFrom('member_inductions')
      .innerJoin('inductions', 'inductions.id', 'member_inductions.induction_id')
      .innerJoin('users', 'users.id', 'member_inductions.user_id')
      .select(['inductions.name', 'users.username', 'users.email'])
      .where('member_inductions.induction_id', '=', input.inductionId)
      .where('member_inductions.user_id', '=', input.userId)
      .where('member_inductions.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return { status: 'not-found' };
    await trx
      .updateTable('member_inductions')
      .set({ revoked_at: now.toISOString(), revoked_by: actorName(actor), revoke_reason: input.reason })
      .where('induction_id', '=', input.inductionId)
      .where('user_id', '=', input.userId)
      .execute();
    await cancelExpiryNotices(trx, input, now);
    await recordAudit(trx, actor, {
      action: 'induction.revoke',
      target: `@${row.username}: ${row.name}`,
      detail: input.reason,
    });
    let bookings = await bookingsNeeding(trx, input.inductionId, input.userId, now);
    if (input.alsoCancel && bookings.length) {
      // Each cancelled, audited and told with its calendar cancellation (METHOD:CANCEL).
      bookings = await transition(
        trx,
        {
          to: 'cancelled',
          bookingIds: bookings.map((booking) => booking.id),
          by: { actor, reason: input.reason },
        },
        now,
      );
    }
    const cancelled = Boolean(input.alsoCancel && bookings.length);
    await queueInductionRevoked(trx, row.email, {
      induction: row.name,
      reason: input.reason,
      bookings,
      cancelled,
      at: now.toISOString(),
    });
    return {
      status: 'revoked',
      member: { username: row.username, email: row.email },
      induction: row.name,
      bookings,
      cancelled,
    };
  });
}

export type DeclineOutcome =
  | { status: 'declined'; member: { email: string }; induction: string }
  | { status: 'not-allowed' | 'not-found' };

/** An inductor declines an open request with a reason ('Not yet: ...'); it is closed, and audited. */
export async function declineRequest(
  db: Kysely<Database>,
  actor: InductionActor,
  input: { requestId: string; reason: string },
  now = new Date(),
): Promise<DeclineOutcome> {
  return writeTransaction(db, async (trx): Promise<DeclineOutcome> => {
    const request = await trx
      .selectFrom('induction_requests')
      .innerJoin('inductions', 'inductions.id', 'induction_requests.induction_id')
      .innerJoin('users', 'users.id', 'induction_requests.user_id')
      .select(['induction_requests.induction_id', 'inductions.name', 'users.username', 'users.email'])
      .where('induction_requests.id', '=', input.requestId)
      .where('induction_requests.done_at', 'is', null)
      .executeTakeFirst();
    if (!request) return { status: 'not-found' };
    if (!(await maySignOff(trx, actor, request.induction_id))) return { status: 'not-allowed' };
    // Guarded: a sign-off or another decline that came first leaves nothing to decline.
    const closed = await trx
      .updateTable('induction_requests')
      .set({ done_at: now.toISOString(), done_by: actorName(actor) })
      .where('id', '=', input.requestId)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    if (!Number(closed.numUpdatedRows)) return { status: 'not-found' };
    await recordAudit(trx, actor, {
      action: 'induction.decline',
      target: `@${request.username}: ${request.name}`,
      detail: input.reason,
    });
    const inductor = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', actor.id)
      .executeTakeFirstOrThrow();
    await queueInductionDeclined(trx, request.email, {
      requestId: input.requestId,
      induction: request.name,
      reason: input.reason,
      inductorEmail: inductor.email,
    });
    return { status: 'declined', member: { email: request.email }, induction: request.name };
  });
}

/**
 * A member asks for an induction; a second request while one is open is the same request. The
 * induction's inductors and the admins are mailed a new one.
 */
export async function requestInduction(
  db: Kysely<Database>,
  input: { inductionId: string; userId: string; message: string },
  now = new Date(),
): Promise<'requested' | 'already-open' | 'not-found'> {
  return writeTransaction(db, async (trx) => {
    const [induction, member] = await Promise.all([
      trx
        .selectFrom('inductions')
        .select(['id', 'name'])
        .where('id', '=', input.inductionId)
        .executeTakeFirst(),
      trx
        .selectFrom('users')
        .select(['username', 'fullname', 'email'])
        .where('id', '=', input.userId)
        .executeTakeFirst(),
    ]);
    if (!induction || !member) return 'not-found' as const;
    // The partial unique index allows one open request: a second, even at the same instant on
    // another instance, finds the first instead of failing.
    const id = crypto.randomUUID();
    const inserted = await trx
      .insertInto('induction_requests')
      .values({
        id,
        induction_id: input.inductionId,
        user_id: input.userId,
        message: input.message,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['induction_id', 'user_id']).where('done_at', 'is', null).doNothing())
      .executeTakeFirst();
    if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return 'already-open' as const;
    await queueInductionRequest(trx, await requestRecipients(trx, induction.id), {
      id,
      member,
      induction: induction.name,
      message: input.message,
    });
    return 'requested' as const;
  });
}

export interface InductionRequest {
  id: string;
  induction: InductionRef;
  /** with the address an inductor reaches them at */
  member: { id: string; username: string; fullname: string; email: string };
  message: string;
  createdAt: string;
  doneAt: string | null;
}

/** Open requests: for one member (their /bookings), or the ones an actor may sign off (/inductions). */
export async function openRequests(
  db: Kysely<Database>,
  scope: { userId: string } | { actor: InductionActor },
): Promise<InductionRequest[]> {
  let query = db
    .selectFrom('induction_requests')
    .innerJoin('inductions', 'inductions.id', 'induction_requests.induction_id')
    .innerJoin('users', 'users.id', 'induction_requests.user_id')
    .select([
      'induction_requests.id',
      'induction_requests.message',
      'induction_requests.created_at',
      'induction_requests.done_at',
      'inductions.id as induction_id',
      'inductions.slug as induction_slug',
      'inductions.name as induction_name',
      'users.id as user_id',
      'users.username',
      'users.fullname',
      'users.email',
    ])
    .where('induction_requests.done_at', 'is', null)
    .orderBy('induction_requests.created_at');
  if ('userId' in scope) query = query.where('induction_requests.user_id', '=', scope.userId);
  else if (scope.actor.role !== 'admin')
    query = query.where('induction_requests.induction_id', 'in', (eb) =>
      eb.selectFrom('inductors').select('induction_id').where('user_id', '=', scope.actor.id),
    );
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    induction: { id: row.induction_id, slug: row.induction_slug, name: row.induction_name },
    member: { id: row.user_id, username: row.username, fullname: row.fullname, email: row.email },
    message: row.message,
    createdAt: row.created_at,
    doneAt: row.done_at,
  }));
}

/** The e-mail addresses told of a new request: the induction's inductors and every admin. */
export async function requestRecipients(db: Kysely<Database>, inductionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'admin'),
        eb('id', 'in', eb.selectFrom('inductors').select('user_id').where('induction_id', '=', inductionId)),
      ]),
    )
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map((row) => row.email);
}

/** Names (or, `appoint: false`, un-names) a member as an inductor for an induction. Admins only: the caller checks. */
export async function setInductor(
  db: Kysely<Database>,
  actor: InductionActor | 'cli',
  input: { inductionId: string; userId: string; appoint: boolean },
  now = new Date(),
): Promise<'done' | 'not-found'> {
  return writeTransaction(db, async (trx) => {
    const [induction, member] = await Promise.all([
      trx.selectFrom('inductions').select('name').where('id', '=', input.inductionId).executeTakeFirst(),
      trx.selectFrom('users').select(['username', 'email']).where('id', '=', input.userId).executeTakeFirst(),
    ]);
    if (!induction || !member) return 'not-found' as const;
    if (input.appoint)
      await trx
        .insertInto('inductors')
        .values({
          induction_id: input.inductionId,
          user_id: input.userId,
          appointed_by: actorName(actor),
          appointed_at: now.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await trx
        .deleteFrom('inductors')
        .where('induction_id', '=', input.inductionId)
        .where('user_id', '=', input.userId)
        .execute();
    await recordAudit(trx, actor, {
      action: input.appoint ? 'inductor.appoint' : 'inductor.remove',
      target: `@${member.username}: ${induction.name}`,
    });
    return 'done' as const;
  });
}

export interface InductionHolder {
  inductionId: string;
  member: { id: string; username: string; fullname: string };
  signedOffAt: string;
  signedOffBy: string;
  expiresAt: string | null;
  /** their upcoming bookings of resources that need it (what a revocation would touch) */
  upcoming: TouchedBooking[];
}

/** The members holding (not revoked; expired included) the given inductions, by name. */
export async function inductionHolders(
  db: Kysely<Database>,
  inductionIds: string[],
  now = new Date(),
): Promise<InductionHolder[]> {
  if (!inductionIds.length) return [];
  const touched = await upcomingNeeding(db, inductionIds, now);
  const rows = await db
    .selectFrom('member_inductions')
    .innerJoin('users', 'users.id', 'member_inductions.user_id')
    .select([
      'member_inductions.induction_id',
      'member_inductions.signed_off_at',
      'member_inductions.signed_off_by',
      'member_inductions.expires_at',
      'users.id',
      'users.username',
      'users.fullname',
    ])
    .where('member_inductions.induction_id', 'in', inductionIds)
    .where('member_inductions.revoked_at', 'is', null)
    .orderBy('users.username_key')
    .execute();
  return rows.map((row) => ({
    inductionId: row.induction_id,
    member: { id: row.id, username: row.username, fullname: row.fullname },
    signedOffAt: row.signed_off_at,
    signedOffBy: row.signed_off_by,
    expiresAt: row.expires_at,
    upcoming: touched(row.induction_id, row.id),
  }));
}

/**
 * The upcoming bookings each member holds of resources that need each of `inductionIds`, soonest
 * first: what revoking their induction would touch. A function of (induction, member).
 */
export async function upcomingNeeding(db: Kysely<Database>, inductionIds: string[], now: Date) {
  const rows = inductionIds.length
    ? await selectTouched(db, now).where('resources.induction_id', 'in', inductionIds).execute()
    : [];
  const touched = new Map<string, TouchedBooking[]>();
  for (const row of rows) {
    const key = `${row.induction_id}:${row.user_id}`;
    touched.set(key, [...(touched.get(key) ?? []), toTouched(row)]);
  }
  return (inductionId: string, userId: string) => touched.get(`${inductionId}:${userId}`) ?? [];
}
