// Invite keys (docs/architecture.md §6): only a SHA-256 of each key is stored; the key is shown once, at creation.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '~/lib/time';

export const hashInviteKey = (key: string) => crypto.createHash('sha256').update(key.trim()).digest('hex');

export async function createInvite(
  db: Kysely<Database>,
  options: { uses?: number; expiresInDays?: number; note?: string },
) {
  const key = `mk-${crypto.randomBytes(12).toString('base64url')}`;
  const uses = options.uses ?? 1;
  await db
    .insertInto('invite_keys')
    .values({
      id: crypto.randomUUID(),
      key_hash: hashInviteKey(key),
      key_hint: key.slice(0, 7),
      uses_left: uses,
      max_uses: uses,
      expires_at: options.expiresInDays
        ? new Date(Date.now() + options.expiresInDays * 86_400_000).toISOString()
        : null,
      revoked_at: null,
      note: options.note ?? null,
      created_at: nowIso(),
    })
    .execute();
  return key;
}

export async function listInvites(db: Kysely<Database>) {
  const rows = await db.selectFrom('invite_keys').selectAll().orderBy('created_at').execute();
  const now = nowIso();
  return rows.map((row) => ({
    hint: `${row.key_hint}...`,
    uses: `${row.max_uses - row.uses_left}/${row.max_uses}`,
    state: row.revoked_at
      ? 'revoked'
      : row.expires_at && row.expires_at < now
        ? 'expired'
        : row.uses_left <= 0
          ? 'used'
          : 'active',
    expires: row.expires_at?.slice(0, 10) ?? 'never',
    note: row.note ?? '',
  }));
}

/** Revokes a key; false when no such key exists. */
export async function revokeInvite(db: Kysely<Database>, key: string) {
  const result = await db
    .updateTable('invite_keys')
    .set({ revoked_at: nowIso() })
    .where('key_hash', '=', hashInviteKey(key))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
