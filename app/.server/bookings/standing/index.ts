// A member's standing: strikes, the pause three of them make, and asking to waive one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueing } from '../../jobs';
import type { Actor } from '../../audit';
import { pauseText, strikeRuleText } from '~/lib/bookings/strikes';
import {
  askToWaive,
  declineWaiver,
  memberPause,
  memberStrikes,
  strikeSettings,
  strikesToWaive,
  waiveStrike,
} from './strikes';
import { expireLots, ledgerDrift, queueExpiryNotices, settleEnded, spendable } from './credits';
import type { Cost } from '~/lib/bookings/credits';
import { creditsExport, creditStatement, labHasCredits, memberCredits } from './member-credits';
import {
  adjustCredits,
  adminCreditList,
  grantCredits,
  ledgerRows,
  memberLedger,
  saveCredit,
  type GrantInput,
} from './admin-credits';
import type { CreditForm } from '~/lib/bookings/schemas';

/** The member's strikes, and asking to waive one; admins waive or decline (audited). */
export const strikesIn = (db: Kysely<Database>) => ({
  mine: async (userId: string) => ({
    ...(await memberStrikes(db, userId)),
    rule: strikeRuleText(strikeSettings()),
  }),
  /** 'You have 3 strikes (…) since …. You can book again on ….' while the member is paused, or null. */
  async paused(userId: string, now = new Date()) {
    const pause = await memberPause(db, userId, now);
    return pause && pauseText(pause);
  },
  askToWaive: (input: { strikeId: string; userId: string; reason: string }) =>
    queueing(() => askToWaive(db, input)),
  toWaive: () => strikesToWaive(db),
  waive: (input: { strikeId: string; reason: string }, actor: Actor) =>
    queueing(() => waiveStrike(db, input, actor)),
  /** Declines a member's request to waive one, with the reason they are mailed (audited). */
  decline: (input: { strikeId: string; reason: string }, actor: Actor) =>
    queueing(() => declineWaiver(db, input, actor)),
});

/** The credit ledger's timed work: settling ended bookings, expiring lots and their notices, the drift check. */
export const creditWorkIn = (db: Kysely<Database>) => ({
  settleEnded: (bookingId: string, now = new Date()) => settleEnded(db, bookingId, now),
  /** What a member has towards a booking of a resource that costs, starting at `start` (the confirm page). */
  haveFor: async (cost: Cost, userId: string, start: Date, now = new Date()) =>
    (await spendable(db, { userId, credit: cost.credit, start, now })).have,
  expireLots: (now = new Date()) => expireLots(db, now),
  queueExpiryNotices: (now = new Date()) => queueing(() => queueExpiryNotices(db, now)),
  checkLedger: () => ledgerDrift(db),
});

/** /admin/credits and the admin CLI: credits made and edited, grants, a member's ledger, adjustments (audited). */
export const adminCreditsIn = (db: Kysely<Database>) => ({
  /** Every credit with its monthly allowance, what members hold of it unexpired and what bookings hold. */
  list: (now = new Date()) => adminCreditList(db, now),
  /** Makes a credit (`creditId` null) or edits one. */
  save: (creditId: string | null, form: CreditForm, actor: Actor) => saveCredit(db, creditId, form, actor),
  /** Grants to one member or every member, once per form key; each granted member is mailed. */
  grant: (input: GrantInput, actor: Actor, now = new Date()) =>
    queueing(() => grantCredits(db, input, actor, now)),
  /** A member's lots and entries, newest first; null when no member has that username. */
  ledger: (username: string, now = new Date()) => memberLedger(db, username, now),
  /** Moves a lot's remaining by a signed amount with a reason; refused below zero. */
  adjust: (input: { lotId: string; delta: number; reason: string }, actor: Actor) =>
    adjustCredits(db, input, actor),
  /** Every entry of the ledger with its member and credit, for 'Download CSV' (audited). */
  ledgerRows: (actor: Actor) => ledgerRows(db, actor),
});

/** A member's credits (/credits, GET /api/credits): balances, holds, what expires soon, the statement. */
export const memberCreditsIn = (db: Kysely<Database>) => ({
  mine: (userId: string, now = new Date()) => memberCredits(db, userId, now),
  statement: (userId: string, options?: { limit?: number | null }) => creditStatement(db, userId, options),
  /** Whether the lab hands out any credit (the menu's link to /credits). */
  labHasCredits: () => labHasCredits(db),
  /** credits.json of the member's data export. */
  exportOf: (userId: string) => creditsExport(db, userId),
});
