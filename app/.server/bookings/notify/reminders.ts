// Reminders (docs/product.md §10): of a booking 24 hours and 1 hour before it starts, and of an
// induction 30 and 7 days before it expires. Each is a job queued in the transaction that books,
// moves or signs off, keyed by what it reminds of and its version (a moved booking's SEQUENCE, a
// sign-off's time), and cancelled in the transaction that cancels or moves it. When it runs it
// reads the booking again and says what is true then: nothing for a booking since cancelled or a
// member who turned reminders off, a heads-up when the machine has gone out of service.
import type { Kysely } from 'kysely';
import { config } from '../../config';
import type { Database } from '../../db/schema';
import { cancelJobs, enqueue, type NewJob, type RunningJob } from '../../jobs';
import { linkMessage, messageIdFor, sendMail } from '../../mail';
import { recordEvent } from '../core/events';
import { hereUrl } from './mail';
import { checkInMailText, plansText } from '~/lib/bookings/mail-text';
import { instantText, whenText } from '~/lib/bookings/format';
import { BOOKING_REMINDERS, INDUCTION_NOTICES, remindersAhead } from '~/lib/bookings/reminders';
import { dateName, labDayOf } from '~/lib/bookings/time';

const bookingSubject = (bookingId: string) => `booking:${bookingId}`;

/**
 * Queues one job for each reminder of `schedule` before `target` still ahead of `now`, keyed
 * `{key}:{its name}`; dropped if it has not run by `target` (useless once that has come).
 */
async function queueAhead(
  trx: Kysely<Database>,
  job: NewJob,
  schedule: Parameters<typeof remindersAhead>[0],
  target: Date,
  now: Date,
) {
  for (const reminder of remindersAhead(schedule, target, now))
    await enqueue(
      trx,
      { ...job, key: `${job.key}:${reminder.name}`, runAt: reminder.at, staleAt: target },
      now,
    );
}

interface ReminderPayload {
  bookingId: string;
  sequence: number;
}

/**
 * Queues a booking's reminders still ahead of `now`, in the transaction that books or moves it;
 * a move cancels the ones queued for its old time first.
 */
export async function queueReminders(
  trx: Kysely<Database>,
  booking: { id: string; start: string; sequence: number },
  now: Date,
) {
  await cancelJobs(trx, bookingSubject(booking.id), ['reminder'], now);
  await queueAhead(
    trx,
    {
      kind: 'reminder',
      key: `reminder:${booking.id}:${booking.sequence}`,
      subject: bookingSubject(booking.id),
      payload: { bookingId: booking.id, sequence: booking.sequence } satisfies ReminderPayload,
    },
    BOOKING_REMINDERS,
    new Date(booking.start),
    now,
  );
}

/** Cancels the reminders of bookings being cancelled, in their transaction. */
export async function cancelReminders(trx: Kysely<Database>, bookingIds: string[], now: Date) {
  for (const id of bookingIds) await cancelJobs(trx, bookingSubject(id), ['reminder'], now);
}

/** The worker's handler for a reminder (job-kinds.ts): what is true of the booking when it runs. */
export async function sendBookingReminder(
  { key, payload, now }: RunningJob<ReminderPayload>,
  db: Kysely<Database>,
) {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('resources', 'resources.id', 'bookings.resource_id')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select([
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.status',
      'bookings.sequence',
      'resources.name',
      'resources.slug',
      'resources.status as resource_status',
      'resources.status_since',
      'bookings.cancel_cutoff_minutes',
      'bookings.check_in_grace_minutes',
      'users.email',
      'users.booking_reminders',
    ])
    .where('bookings.id', '=', payload.bookingId)
    .executeTakeFirst();
  // Cancelled or moved since (a move queued reminders of its own), or the member said no.
  if (!row || row.status !== 'active' || row.sequence !== payload.sequence || !row.booking_reminders) return;
  const when = whenText({ start: row.starts_at, end: row.ends_at });
  // The terms the booking was made under, not the resource's of today.
  const rules = {
    cancelCutoffMinutes: row.cancel_cutoff_minutes,
    checkInGraceMinutes: row.check_in_grace_minutes,
  };
  const checkIn = checkInMailText(row.starts_at, rules.checkInGraceMinutes, hereUrl(row.slug));
  const plans = plansText({ start: row.starts_at, status: row.status }, rules, now);
  const headsUp =
    row.resource_status === 'out_of_service'
      ? ` Heads-up: ${row.name} is out of service${row.status_since ? ` since ${instantText(row.status_since)}` : ''}. Your booking may be affected.`
      : '';
  await sendMail({
    ...linkMessage({
      to: row.email,
      subject: `Reminder: ${row.name}, ${when}`,
      intro: `Your booking of ${row.name} is on ${when} (Dublin time).${headsUp}${checkIn ? ` ${checkIn}` : ''}`,
      button: 'My bookings',
      link: new URL('/bookings', config.PUBLIC_URL).toString(),
      outro: `${plans ? `${plans} ` : ''}You can turn booking reminders off there too.`,
    }),
    messageId: messageIdFor(key),
  });
  await recordEvent(db, { bookingIds: [payload.bookingId], kind: 'reminded', actor: 'lab', at: now });
}

const inductionSubject = (inductionId: string, userId: string) => `induction:${inductionId}:${userId}`;

interface ExpiryPayload {
  inductionId: string;
  userId: string;
  signedOffAt: string;
}

/**
 * Queues the notices of an induction that expires, in the sign-off's transaction; a sign-off
 * again or a revocation cancels the ones queued before.
 */
export async function queueExpiryNotices(
  trx: Kysely<Database>,
  held: { inductionId: string; userId: string; signedOffAt: string; expiresAt: string | null },
  now: Date,
) {
  await cancelExpiryNotices(trx, held, now);
  if (!held.expiresAt) return;
  await queueAhead(
    trx,
    {
      kind: 'induction-expiry',
      key: `induction-expiry:${held.inductionId}:${held.userId}:${held.signedOffAt}`,
      subject: inductionSubject(held.inductionId, held.userId),
      payload: {
        inductionId: held.inductionId,
        userId: held.userId,
        signedOffAt: held.signedOffAt,
      } satisfies ExpiryPayload,
    },
    INDUCTION_NOTICES,
    new Date(held.expiresAt),
    now,
  );
}

export const cancelExpiryNotices = (
  trx: Kysely<Database>,
  held: { inductionId: string; userId: string },
  now: Date,
) => cancelJobs(trx, inductionSubject(held.inductionId, held.userId), ['induction-expiry'], now);

/** The worker's handler for an expiry notice (job-kinds.ts). */
export async function sendExpiryNotice({ key, payload }: RunningJob<ExpiryPayload>, db: Kysely<Database>) {
  const row = await db
    .selectFrom('member_inductions')
    .innerJoin('inductions', 'inductions.id', 'member_inductions.induction_id')
    .innerJoin('users', 'users.id', 'member_inductions.user_id')
    .select([
      'inductions.name',
      'member_inductions.expires_at',
      'member_inductions.signed_off_at',
      'users.email',
    ])
    .where('member_inductions.induction_id', '=', payload.inductionId)
    .where('member_inductions.user_id', '=', payload.userId)
    .where('member_inductions.revoked_at', 'is', null)
    .executeTakeFirst();
  // Revoked, or signed off again since (that sign-off queued its own notices).
  if (!row?.expires_at || row.signed_off_at !== payload.signedOffAt) return;
  const gated = await db
    .selectFrom('resources')
    .select(['slug', 'name'])
    .where('induction_id', '=', payload.inductionId)
    .orderBy('position')
    .execute();
  const expires = dateName(labDayOf(new Date(row.expires_at)));
  await sendMail({
    ...linkMessage({
      to: row.email,
      subject: `Your ${row.name} expires on ${expires}`,
      intro: `Your ${row.name} expires on ${expires}.${gated.length ? ` After that you cannot book ${gated.map((resource) => resource.name).join(', ')} until an inductor signs you off again.` : ''}`,
      button: 'Request an induction',
      // The request form is on the page of each machine that needs it.
      link: new URL(gated[0] ? `/resources/${gated[0].slug}` : '/resources', config.PUBLIC_URL).toString(),
      outro: 'Your inductions and when they expire are on My bookings.',
    }),
    messageId: messageIdFor(key),
  });
}
