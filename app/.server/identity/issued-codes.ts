// The codes this site mailed for a provider that issues its own (Firebase), kept beside the
// provider's check in auth_codes (as SHA-256, like the built-in provider's): a code works only
// while it is open here too, and using one ends every other open code of its account, whatever
// the provider does with them (Firebase's Auth emulator keeps them all valid).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '~/lib/dates';
import { IdentityError, type CodePurpose } from './types';

/** Codes are kept as their SHA-256: the table never holds one that works. */
export const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** The row of a code that is still open: not used and not expired (else the seam's error). */
export async function openCode(db: Kysely<Database>, code: string) {
  if (!code) throw new IdentityError('missing-code');
  const row = await db
    .selectFrom('auth_codes')
    .selectAll()
    .where('code_hash', '=', hashCode(code))
    .executeTakeFirst();
  if (!row || row.used_at) throw new IdentityError('invalid-code');
  if (row.expires_at < nowIso()) throw new IdentityError('expired-code');
  return row;
}

export function issuedCodes(db: Kysely<Database>) {
  const open = (code: string) => openCode(db, code);

  return {
    async record(
      code: string,
      issued: { uid: string; email: string; purpose: CodePurpose; expiresAt: Date },
    ) {
      await db
        .insertInto('auth_codes')
        .values({
          id: crypto.randomUUID(),
          code_hash: hashCode(code),
          uid: issued.uid,
          email: issued.email,
          purpose: issued.purpose,
          expires_at: issued.expiresAt.toISOString(),
          used_at: null,
          created_at: nowIso(),
        })
        .execute();
    },

    /** Refuses a code that is not open here ('invalid-code', 'expired-code'). */
    open,

    /**
     * Ends every open code of the code's account in one statement, this one included, before the
     * provider is asked: of two codes used at once only one gets through. `release` opens them
     * again when the provider refused for a reason that is not the code's (a weak password).
     */
    async claim(code: string) {
      const row = await open(code);
      const ended = await db
        .updateTable('auth_codes')
        .set({ used_at: nowIso() })
        .where('uid', '=', row.uid)
        .where('used_at', 'is', null)
        .returning('id')
        .execute();
      const ids = ended.map((ended) => ended.id);
      if (!ids.includes(row.id)) throw new IdentityError('invalid-code');
      return {
        release: async () => {
          await db.updateTable('auth_codes').set({ used_at: null }).where('id', 'in', ids).execute();
        },
      };
    },
  };
}
