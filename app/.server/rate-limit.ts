// Fixed-window counters in the database (docs/architecture.md §6), so limits hold across restarts.
import { sql } from 'kysely';
import type { AppLoadContext } from '@remix-run/node';
import { db } from './db';
import { rateLimitAddress } from './security';

export interface Limit {
  /** attempts allowed in a window */
  max: number;
  windowMs: number;
}

/** docs/product.md §8 'Too many failed login attempts...': tight per account, generous per address. */
export const LIMITS = {
  loginFailuresPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  loginFailuresPerAddress: { max: 100, windowMs: 15 * 60 * 1000 },
  mailRequestsPerAccount: { max: 5, windowMs: 60 * 60 * 1000 },
  mailRequestsPerAddress: { max: 50, windowMs: 60 * 60 * 1000 },
  inviteGuessesPerAddress: { max: 20, windowMs: 60 * 60 * 1000 },
  /**
   * Clients whose address is unknown (rateLimitAddress) share one bucket for the limits on
   * guessing and mail, ten times an address's, rather than going unlimited.
   */
  loginFailuresUnknownAddress: { max: 1000, windowMs: 15 * 60 * 1000 },
  mailRequestsUnknownAddress: { max: 500, windowMs: 60 * 60 * 1000 },
  inviteGuessesUnknownAddress: { max: 200, windowMs: 60 * 60 * 1000 },
  registrationsPerAddress: { max: 60, windowMs: 60 * 60 * 1000 },
  /** images stored by registration step 2 for one draft (it lives 30 minutes), replaced ones too */
  registrationImagesPerDraft: { max: 10, windowMs: 30 * 60 * 1000 },
  availabilityChecksPerAddress: { max: 300, windowMs: 10 * 60 * 1000 },
  /** /api uploads: an hour's worth of posts with files for one account, a busy lab for one address */
  uploadsPerAccount: { max: 60, windowMs: 60 * 60 * 1000 },
  uploadsPerAddress: { max: 300, windowMs: 60 * 60 * 1000 },
  /** bookings and cancels by one member, from the pages and /api: a person books a few at a time */
  bookingWritesPerMember: { max: 30, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, Limit>;

/** One attempt counted against a limit; `allowed` when it is within it. */
export interface Attempt {
  allowed: boolean;
  /** Takes the attempt back (it turned out not to count, or was refused), in its window only. */
  refund(): Promise<void>;
}

/**
 * Counts one attempt against `key` and answers with the count in the same statement, before the
 * attempt is checked: simultaneous attempts each get their own place, so no more than `limit.max`
 * of them are let through, however long checking takes (a read first, then a count after the
 * check, let 30 simultaneous wrong passwords all be checked where 5 are allowed).
 */
export async function attempt(key: string, limit: Limit): Promise<Attempt> {
  const now = new Date().toISOString();
  const windowEnds = new Date(Date.now() + limit.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql`case when rate_limits.window_ends_at <= ${now} then ${windowEnds} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= limit.max,
    refund: async () => {
      await db
        .updateTable('rate_limits')
        .set({ count: sql`count - 1` })
        .where('key', '=', key)
        .where('window_ends_at', '=', row.window_ends_at)
        .where('count', '>', 0)
        .execute();
    },
  };
}

/** Counts one attempt against `key`; returns true when it is still within the limit. */
export async function hit(key: string, limit: Limit): Promise<boolean> {
  return (await attempt(key, limit)).allowed;
}

/** Counts attempts against several limits at once; refused by any, none of them counts. */
export async function attemptAll(limits: { key: string; limit: Limit }[]): Promise<Attempt> {
  const attempts = await Promise.all(limits.map(({ key, limit }) => attempt(key, limit)));
  const refund = async () => {
    await Promise.all(attempts.map((one) => one.refund()));
  };
  if (attempts.every((one) => one.allowed)) return { allowed: true, refund };
  await refund();
  return { allowed: false, refund: async () => {} };
}

/**
 * Counts one request of `name` against the client's address; true while within `limit`. An
 * unknown address (rateLimitAddress) is not limited here: these limits keep the load down, the
 * ones on guessing (below) fall back to a shared bucket.
 */
export async function withinAddressLimit(context: AppLoadContext, name: string, limit: Limit) {
  const address = rateLimitAddress(context);
  return !address || (await hit(`${name}:${address}`, limit));
}

/** docs/product.md §8: what a wrong invite key is answered once the limit is reached, a right one too. */
export const TOO_MANY_GUESSES = 'Too many attempts. Please try again later.';

/**
 * The client's bucket of a per-address limit, or the one every client whose address is unknown
 * shares (with its own allowance), so a limit on guessing never goes away with the address.
 */
function addressBucket(context: AppLoadContext, name: string, perAddress: Limit, unknown: Limit) {
  const address = rateLimitAddress(context);
  return address
    ? { key: `${name}:${address}`, limit: perAddress }
    : { key: `${name}:unknown`, limit: unknown };
}

/** Failed sign-ins from this client. */
export const loginAddressLimit = (context: AppLoadContext) =>
  addressBucket(context, 'login-ip', LIMITS.loginFailuresPerAddress, LIMITS.loginFailuresUnknownAddress);

/** Reset and set-password e-mails asked for by this client. */
export const mailAddressLimit = (context: AppLoadContext) =>
  addressBucket(context, 'mail-ip', LIMITS.mailRequestsPerAddress, LIMITS.mailRequestsUnknownAddress);

/** Wrong invite keys from this client. */
export const inviteGuessLimit = (context: AppLoadContext) =>
  addressBucket(context, 'invite-guess', LIMITS.inviteGuessesPerAddress, LIMITS.inviteGuessesUnknownAddress);

export async function clearLimit(key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
