// No-show strikes (docs/product.md §10 'Strikes'): given in the transaction that releases a booking
// nobody checked in to, or that releases one past its cutoff; counted by standingRefusal() in the
// booking's transaction, under the member's lock; a late cancel waived when someone else books the
// slot; a member asks to waive one, an admin waives it with a reason (audited).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { actorName, recordAudit, type Actor } from '../../audit';
import { config } from '../../config';
import type { Database } from '../../db/schema';
import {
  pausedMailText,
  pauseOf,
  pauseText,
  STRIKE_KIND_TEXT,
  strikeMailText,
  suspensionRefusal,
  type StrikeKind,
  type StrikeSettings,
} from '~/lib/bookings/strikes';
import { dateName, DAY_MS, labDayOf } from '~/lib/bookings/time';
import { recordEvent } from '../core/events';
import { writeTransaction } from '../core/rows';
import { queueStrikeWaived, queueWaiveRequest, queueWaiverDeclined } from '../notify/mail';

export const strikeSettings = (): StrikeSettings => ({
  limit: config.STRIKES_TO_SUSPEND,
  days: config.STRIKE_DAYS,
  suspensionDays: config.SUSPENSION_DAYS,
});

/**
 * Adds a strike to the member, in the transaction of the release that causes it; its id, and what
 * the release's mail says of it.
 */
export async function addStrike(
  trx: Kysely<Database>,
  strike: {
    userId: string;
    bookingId: string | null;
    kind: StrikeKind;
    about: string;
    now: Date;
  },
) {
  const id = crypto.randomUUID();
  await trx
    .insertInto('strikes')
    .values({
      id,
      user_id: strike.userId,
      booking_id: strike.bookingId,
      kind: strike.kind,
      about: strike.about,
      created_at: strike.now.toISOString(),
      expires_at: new Date(strike.now.getTime() + strikeSettings().days * DAY_MS).toISOString(),
    })
    .execute();
  if (strike.bookingId)
    await recordEvent(trx, {
      bookingIds: [strike.bookingId],
      kind: 'strike',
      actor: 'lab',
      reason: STRIKE_KIND_TEXT[strike.kind],
      at: strike.now,
    });
  // The strike that completes a pause (or lengthens one) says so, and until when.
  const pause = await memberPause(trx, strike.userId, strike.now);
  const cost = strikeMailText(strike.kind, strikeSettings());
  return { id, mailText: pause ? `${cost} ${pausedMailText(pause)}` : cost };
}

/** The member's unwaived strikes that still count, oldest first. */
const counting = (db: Kysely<Database>, userId: string, now: Date) =>
  db
    .selectFrom('strikes')
    .where('user_id', '=', userId)
    .where('waived_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at');

const countedStrikes = async (db: Kysely<Database>, userId: string, now: Date) =>
  (await counting(db, userId, now).select(['kind', 'created_at']).execute()).map((row) => ({
    kind: row.kind,
    createdAt: row.created_at,
  }));

/** The pause the member's strikes put on new bookings now (the week, /bookings), or null. */
export const memberPause = async (db: Kysely<Database>, userId: string, now: Date) =>
  pauseOf(await countedStrikes(db, userId, now), now, strikeSettings());

/** Why the member may not book now (three strikes), or null. Read under the member's lock by book(). */
export const strikesRefusal = async (db: Kysely<Database>, userId: string, now: Date) =>
  suspensionRefusal(await countedStrikes(db, userId, now), now, strikeSettings());

/**
 * Waives the late-cancel strikes of bookings whose time `booking` (someone else's, just made) takes
 * up again before they would have started: the slot was used after all. Each member is mailed it
 * in this transaction.
 */
export async function waiveRebooked(
  trx: Kysely<Database>,
  booking: { resourceId: string; userId: string; blockStart: number; blockEnd: number },
  now: Date,
) {
  const waived = await trx
    .updateTable('strikes')
    .set({ waived_at: now.toISOString(), waived_by: 'lab', waive_reason: REBOOKED })
    .where('kind', '=', 'late-cancel')
    .where('waived_at', 'is', null)
    .where('user_id', '<>', booking.userId)
    .where('booking_id', 'in', (eb) =>
      eb
        .selectFrom('bookings')
        .select('id')
        .where('resource_id', '=', booking.resourceId)
        .where('status', '=', 'cancelled')
        .where('starts_at', '>', now.toISOString())
        .where('block_start', '<', booking.blockEnd)
        .where('block_end', '>', booking.blockStart),
    )
    .returning(['id', 'user_id', 'about', 'booking_id'])
    .execute();
  if (!waived.length) return;
  await recordEvent(trx, {
    bookingIds: waived.flatMap((row) => (row.booking_id ? [row.booking_id] : [])),
    kind: 'waived',
    actor: 'lab',
    reason: REBOOKED,
    at: now,
  });
  for (const strike of waived)
    await mailWaived(
      trx,
      { id: strike.id, userId: strike.user_id, about: strike.about, rebooked: true },
      now,
    );
}

/** Tells the member their strike was waived, and whether they are still paused. */
async function mailWaived(
  trx: Kysely<Database>,
  strike: { id: string; userId: string; about: string; reason?: string; rebooked?: boolean },
  now: Date,
) {
  const member = await trx
    .selectFrom('users')
    .select(['username', 'email'])
    .where('id', '=', strike.userId)
    .executeTakeFirstOrThrow();
  const pause = await memberPause(trx, strike.userId, now);
  await queueStrikeWaived(trx, member.email, {
    id: strike.id,
    about: strike.about,
    reason: strike.reason ?? '',
    rebooked: strike.rebooked ?? false,
    stillPaused: pause && pauseText(pause),
  });
  return member;
}

const REBOOKED = 'Someone else booked the slot.';

export interface Strike {
  id: string;
  kind: 'no-show' | 'late-cancel';
  about: string;
  createdAt: string;
  expiresAt: string;
  waivedAt: string | null;
  waivedBy: string | null;
  waiveReason: string;
  waiveAskedAt: string | null;
  waiveRequest: string;
  declinedAt: string | null;
  declineReason: string;
}

const toStrike = (row: {
  id: string;
  kind: 'no-show' | 'late-cancel';
  about: string;
  created_at: string;
  expires_at: string;
  waived_at: string | null;
  waived_by: string | null;
  waive_reason: string;
  waive_asked_at: string | null;
  waive_request: string;
  declined_at: string | null;
  decline_reason: string;
}): Strike => ({
  id: row.id,
  kind: row.kind,
  about: row.about,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  waivedAt: row.waived_at,
  waivedBy: row.waived_by,
  waiveReason: row.waive_reason,
  waiveAskedAt: row.waive_asked_at,
  waiveRequest: row.waive_request,
  declinedAt: row.declined_at,
  declineReason: row.decline_reason,
});

/** The member's strikes that have not expired (waived ones too), newest first, and what they stop. */
export async function memberStrikes(db: Kysely<Database>, userId: string, now = new Date()) {
  const rows = await db
    .selectFrom('strikes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  // The same strikes strikesRefusal() counts: unwaived ones, oldest first.
  const counting = rows
    .filter((row) => !row.waived_at)
    .reverse()
    .map((row) => ({ kind: row.kind, createdAt: row.created_at }));
  const pause = pauseOf(counting, now, strikeSettings());
  return { strikes: rows.map(toStrike), paused: pause && pauseText(pause) };
}

/** 'Ask to waive': the member's reason, once per strike; the admins are mailed it. */
export async function askToWaive(
  db: Kysely<Database>,
  input: { strikeId: string; userId: string; reason: string },
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    const asked = await trx
      .updateTable('strikes')
      .set({ waive_asked_at: now.toISOString(), waive_request: input.reason })
      .where('id', '=', input.strikeId)
      .where('user_id', '=', input.userId)
      .where('waived_at', 'is', null)
      .where('waive_asked_at', 'is', null)
      .returning(['about'])
      .executeTakeFirst();
    if (!asked) return false;
    const [member, admins] = await Promise.all([
      trx
        .selectFrom('users')
        .select(['username', 'fullname', 'email'])
        .where('id', '=', input.userId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .execute(),
    ]);
    await queueWaiveRequest(
      trx,
      admins.map((row) => row.email),
      { id: input.strikeId, member, about: asked.about, reason: input.reason },
    );
    return true;
  });
}

/** The strikes admins may waive: unwaived, undeclined and counting, those asked about first. */
export async function strikesToWaive(db: Kysely<Database>, now = new Date()) {
  const rows = await db
    .selectFrom('strikes')
    .innerJoin('users', 'users.id', 'strikes.user_id')
    .selectAll('strikes')
    .select(['users.username', 'users.fullname'])
    .where('strikes.waived_at', 'is', null)
    .where('strikes.declined_at', 'is', null)
    .where('strikes.expires_at', '>', now.toISOString())
    .orderBy((eb) => eb.case().when('strikes.waive_asked_at', 'is', null).then(1).else(0).end())
    .orderBy('strikes.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    ...toStrike(row),
    member: { username: row.username, fullname: row.fullname },
  }));
}

/**
 * An admin waives a strike with a reason (audited), and the member is mailed it; whose it was, or
 * null when there is no such strike still unanswered (waived or declined already, or gone).
 */
export async function waiveStrike(
  db: Kysely<Database>,
  input: { strikeId: string; reason: string },
  actor: Actor,
  now = new Date(),
) {
  return writeTransaction(db, async (trx) => {
    const waived = await trx
      .updateTable('strikes')
      .set({ waived_at: now.toISOString(), waived_by: actorName(actor), waive_reason: input.reason })
      .where('id', '=', input.strikeId)
      .where('waived_at', 'is', null)
      // One answer per strike: a declined request is not waived after all by a second admin.
      .where('declined_at', 'is', null)
      .returning(['user_id', 'about', 'booking_id'])
      .executeTakeFirst();
    if (!waived) return null;
    if (waived.booking_id)
      await recordEvent(trx, {
        bookingIds: [waived.booking_id],
        kind: 'waived',
        actor: actorName(actor),
        reason: input.reason,
        at: now,
      });
    const member = await mailWaived(
      trx,
      { id: input.strikeId, userId: waived.user_id, about: waived.about, reason: input.reason },
      now,
    );
    await recordAudit(trx, actor, {
      action: 'strike.waive',
      target: `@${member.username}: ${waived.about}`,
      detail: input.reason,
    });
    return { username: member.username };
  });
}

/**
 * An admin declines a member's request to waive a strike, with a reason (audited), and the member
 * is mailed it; whose it was, or null when there is no such request still unanswered. The strike
 * counts on until it expires.
 */
export async function declineWaiver(
  db: Kysely<Database>,
  input: { strikeId: string; reason: string },
  actor: Actor,
  now = new Date(),
) {
  return writeTransaction(db, async (trx) => {
    const declined = await trx
      .updateTable('strikes')
      .set({ declined_at: now.toISOString(), declined_by: actorName(actor), decline_reason: input.reason })
      .where('id', '=', input.strikeId)
      .where('waive_asked_at', 'is not', null)
      .where('waived_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['user_id', 'about', 'expires_at'])
      .executeTakeFirst();
    if (!declined) return null;
    const member = await trx
      .selectFrom('users')
      .select(['username', 'email'])
      .where('id', '=', declined.user_id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'strike.decline',
      target: `@${member.username}: ${declined.about}`,
      detail: input.reason,
    });
    const pause = await memberPause(trx, declined.user_id, now);
    await queueWaiverDeclined(trx, member.email, {
      id: input.strikeId,
      about: declined.about,
      reason: input.reason,
      counts: dateName(labDayOf(new Date(declined.expires_at))),
      paused: pause && pauseText(pause),
    });
    return { username: member.username };
  });
}
