// The lab's timed work, all of it (docs/architecture.md §14): every kind of job with its payload
// (checked when a job is claimed), its handler and its policy, the recurring ones with their
// schedule, and the sweeps. The worker (jobs.ts, started by housekeeping.ts) runs what this file
// lists; enqueue() takes only the kinds listed here, each with its own payload. Adding timed work
// is one entry here. The core never imports this file: its handlers import the core.
import { z } from 'zod';
import { sweepOrphanAssets, sweepUnreferencedFiles } from './assets';
import { bookings, sendBookingReminder, sendExpiryNotice } from './bookings';
import { db } from './db';
import { sweepStaleUploads } from './forms';
import { defineKind, defineSweep, POLL_MS, type PayloadsOf } from './jobs';
import { messageIdFor, sendMail, type Message } from './mail';
import { sweepExpiredRows } from './retention';
import { sweepExpiredTokens } from './rest/tokens';
import { labClock, labDayOf } from '~/lib/bookings/time';
import { HOUR_MS, MINUTE_MS } from '~/lib/time-units';

/** Tried 5 times, again after 30 s, 1, 2 and 4 minutes: a mail server's outage of a few minutes heals. */
const FIVE_TRIES = { attempts: 5, retryDelays: [MINUTE_MS / 2, MINUTE_MS, 2 * MINUTE_MS, 4 * MINUTE_MS] };

const MessageSchema: z.ZodType<Message> = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  link: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string(), content: z.string(), contentType: z.string() }))
    .optional(),
  replyTo: z.string().optional(),
  messageId: z.string().optional(),
});

/** Runs every step, one failing or not; then fails with what failed, so the job records it. */
async function eachOf(steps: Record<string, () => Promise<unknown>>) {
  const failed: string[] = [];
  for (const [name, step] of Object.entries(steps))
    await step().catch((error) => {
      console.error(`Housekeeping: ${name} failed:`, error);
      failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    });
  if (failed.length) throw new Error(failed.join('; '));
}

export const JOB_KINDS = [
  /**
   * A mail owed by a change, queued in its transaction (queueMail). A failed send throws with the
   * server's reason (a MailError): tried again, or dead at once when the server refused it for good.
   */
  defineKind({
    name: 'mail',
    title: 'Mails owed by a change (booking, cancellation, induction)',
    payload: MessageSchema,
    handler: ({ key, payload }) => sendMail({ ...payload, messageId: messageIdFor(key) }),
    policy: FIVE_TRIES,
  }),
  /** A booking's reminder, 24 hours and 1 hour before it; nothing once cancelled or moved. */
  defineKind({
    name: 'reminder',
    title: 'Booking reminders, 24 hours and 1 hour before',
    payload: z.object({ bookingId: z.string(), sequence: z.number().int() }),
    handler: (job) => sendBookingReminder(job, db),
    policy: { ...FIVE_TRIES, staleWhen: 'once the booking starts' },
  }),
  /** An induction's expiry notice, 30 and 7 days before; nothing once revoked or signed off again. */
  defineKind({
    name: 'induction-expiry',
    title: 'Induction expiry notices, 30 and 7 days before',
    payload: z.object({ inductionId: z.string(), userId: z.string(), signedOffAt: z.string() }),
    handler: (job) => sendExpiryNotice(job, db),
    policy: { ...FIVE_TRIES, staleWhen: 'once the induction has expired' },
  }),
  /** Spends what a booking that ran to its end still holds (queued for its end; nothing once it ended otherwise). */
  defineKind({
    name: 'credits-settle',
    title: 'Credits of bookings that ran to their end, settled',
    payload: z.object({ bookingId: z.string() }),
    handler: ({ payload }) => bookings.credits.settleEnded(payload.bookingId),
    policy: FIVE_TRIES,
  }),
  /** Expires a request nobody decided by its deadline (queued for it; a decision first changes nothing). */
  defineKind({
    name: 'request-expire',
    title: 'Requests nobody decided by their deadline, expired',
    payload: z.object({ bookingId: z.string() }),
    handler: async ({ payload }) => {
      await bookings.approvals.expire(payload.bookingId);
    },
    policy: FIVE_TRIES,
  }),
  /**
   * Time a change freed (keyed by the time and the row that freed it), offered to the first in line
   * who may book it, or under 90 minutes before it, mailed to everyone waiting for it.
   */
  defineKind({
    name: 'offer-freed',
    title: 'Freed time offered to the waiting list',
    payload: z.object({ resourceId: z.string(), from: z.number().int(), to: z.number().int() }),
    handler: async ({ payload }) => {
      await bookings.waitlist.offerFreed(payload);
    },
    policy: FIVE_TRIES,
  }),
  /** Ends an offer nobody took by its end (queued for it; a take or a pass first changes nothing). */
  defineKind({
    name: 'offer-lapse',
    title: 'Offers nobody took in time, passed to the next in line',
    payload: z.object({ bookingId: z.string() }),
    handler: async ({ payload }) => {
      await bookings.waitlist.lapse(payload.bookingId);
    },
    policy: FIVE_TRIES,
  }),
  /**
   * The database's hourly sweeps (expired API tokens; ended sessions, passed rate-limit windows,
   * codes and finished jobs: retention.ts), keyed by the lab's hour ('housekeeping:2026-12-01T03')
   * so of several instances one runs it. On the night the clocks go back, 01:00-02:00 comes twice
   * and is swept once.
   */
  defineKind({
    name: 'housekeeping',
    title: 'Housekeeping: expired API tokens, sessions, codes, old jobs and credits; the ledger checked',
    payload: z.null(),
    handler: () =>
      eachOf({
        'expired API tokens': sweepExpiredTokens,
        'expired rows': () => sweepExpiredRows(db),
        'expired credits': () => bookings.credits.expireLots(),
        'credit expiry notices': () => bookings.credits.queueExpiryNotices(),
        'credit ledger drift': () => bookings.credits.checkLedger(),
      }),
    policy: { ...FIVE_TRIES, staleAfter: HOUR_MS },
    schedule: {
      every: 'every hour of the lab’s clock',
      keyAt: (now) => `housekeeping:${labDayOf(now)}T${labClock(now).slice(0, 2)}`,
    },
  }),
] as const;

declare module './jobs' {
  // enqueue() takes these kinds, each with its payload.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the payloads are its members
  interface JobPayloads extends PayloadsOf<typeof JOB_KINDS> {}
}

/** Timed work that is not a job: each instance runs it by its policy, and `sweeps` records how it went. */
export const SWEEPS = [
  /** Bookings nobody checked in to, released once their grace has passed (a guarded update). */
  defineSweep({
    name: 'release-no-shows',
    title: 'Release of no-shows',
    run: (now) => bookings.releaseNoShows(now),
    policy: { every: POLL_MS },
  }),
  /** This instance's own files: unused uploads, files without their row, crashed requests' temp files. */
  defineSweep({
    name: 'uploaded-files',
    title: 'Unused uploads and temporary files (each instance its own)',
    run: () =>
      eachOf({
        'stale temp uploads': async () => sweepStaleUploads(),
        'orphan uploads': () => sweepOrphanAssets(db),
        'files without a row': () => sweepUnreferencedFiles(db),
      }),
    policy: { every: HOUR_MS },
  }),
];
