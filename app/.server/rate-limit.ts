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
  /** when the client's address is unknown, wrong invite keys count site-wide */
  inviteGuessesSiteWide: { max: 200, windowMs: 60 * 60 * 1000 },
  registrationsPerAddress: { max: 60, windowMs: 60 * 60 * 1000 },
  /** images stored by registration step 2 for one draft (it lives 30 minutes), replaced ones too */
  registrationImagesPerDraft: { max: 10, windowMs: 30 * 60 * 1000 },
  availabilityChecksPerAddress: { max: 300, windowMs: 10 * 60 * 1000 },
  /** /api uploads: an hour's worth of posts with files for one account, a busy lab for one address */
  uploadsPerAccount: { max: 60, windowMs: 60 * 60 * 1000 },
  uploadsPerAddress: { max: 300, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

/** True when `key` has used up its window. Does not count. */
export async function isLimited(key: string, limit: Limit): Promise<boolean> {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  return Boolean(row && row.window_ends_at > new Date().toISOString() && row.count >= limit.max);
}

/** Counts one attempt against `key`; returns true when it is still within the limit. */
export async function hit(key: string, limit: Limit): Promise<boolean> {
  const now = new Date();
  const windowEnds = new Date(now.getTime() + limit.windowMs).toISOString();
  await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_ends_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql`case when rate_limits.window_ends_at <= ${now.toISOString()} then ${windowEnds} else rate_limits.window_ends_at end`,
      }),
    )
    .execute();
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.count <= limit.max;
}

/**
 * Counts one request of `name` against the client's address; true while within `limit`. An
 * unknown address (rateLimitAddress) is not limited here.
 */
export async function withinAddressLimit(context: AppLoadContext, name: string, limit: Limit) {
  const address = rateLimitAddress(context);
  return !address || (await hit(`${name}:${address}`, limit));
}

/** Wrong invite keys count towards this limit (per address, or site-wide when it is unknown). */
export function inviteGuessLimit(context: AppLoadContext) {
  const address = rateLimitAddress(context);
  return address
    ? { key: `invite-guess:${address}`, limit: LIMITS.inviteGuessesPerAddress }
    : { key: 'invite-guess:all', limit: LIMITS.inviteGuessesSiteWide };
}

export async function clearLimit(key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
