// Invite keys (docs/architecture.md §6): only a SHA-256 of each key is stored; the key is shown
// once, at creation. The admin pages and the admin CLI share these, and each change writes the
// audit log in its own transaction.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit, type Actor } from '../audit';
import { inviteStatus } from '~/lib/invites';
import { nowIso } from '~/lib/dates';

export const hashInviteKey = (key: string) => crypto.createHash('sha256').update(key.trim()).digest('hex');

export interface InviteOptions {
  uses?: number;
  expiresInDays?: number;
  note?: string;
}

/** Makes a key and returns it: the only time it is seen. */
export async function createInvite(db: Kysely<Database>, options: InviteOptions, actor: Actor) {
  const key = `mk-${crypto.randomBytes(12).toString('base64url')}`;
  const uses = options.uses ?? 1;
  const expiresAt = options.expiresInDays
    ? new Date(Date.now() + options.expiresInDays * 86_400_000).toISOString()
    : null;
  const note = options.note?.trim() || null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('invite_keys')
      .values({
        id: crypto.randomUUID(),
        key_hash: hashInviteKey(key),
        key_hint: key.slice(0, 7),
        uses_left: uses,
        max_uses: uses,
        expires_at: expiresAt,
        revoked_at: null,
        note,
        created_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'invite.create',
      target: `invite ${key.slice(0, 7)}...`,
      detail: [
        `${uses} ${uses === 1 ? 'use' : 'uses'}`,
        expiresAt ? `expires ${expiresAt.slice(0, 10)}` : 'no expiry',
        note ? `note: ${note}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    });
  });
  return key;
}

export interface InviteSummary {
  id: string;
  hint: string;
  status: ReturnType<typeof inviteStatus>;
  usesLeft: number;
  maxUses: number;
  /** YYYY-MM-DD, or null: never */
  expires: string | null;
  note: string;
  created: string;
  /** usernames of the members who registered with it */
  registered: string[];
}

/** Every key, newest first, with who registered with it. */
export async function listInvites(db: Kysely<Database>): Promise<InviteSummary[]> {
  const [rows, members] = await Promise.all([
    db.selectFrom('invite_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute(),
    db
      .selectFrom('users')
      .select(['invite_id', 'username'])
      .where('invite_id', 'is not', null)
      .orderBy('created_at')
      .execute(),
  ]);
  const now = nowIso();
  return rows.map((row) => ({
    id: row.id,
    hint: `${row.key_hint}...`,
    status: inviteStatus(row, now),
    usesLeft: Math.max(row.uses_left, 0),
    maxUses: row.max_uses,
    expires: row.expires_at?.slice(0, 10) ?? null,
    note: row.note ?? '',
    created: row.created_at.slice(0, 10),
    registered: members.filter((member) => member.invite_id === row.id).map((member) => member.username),
  }));
}

/**
 * Revokes a key, named by the key itself (CLI) or by its row id (admin page). False when there is
 * no such key or it was already revoked: nothing changes, nothing is logged.
 */
export async function revokeInvite(
  db: Kysely<Database>,
  which: { key: string } | { id: string },
  actor: Actor,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('invite_keys')
      .set({ revoked_at: nowIso() })
      .where('key' in which ? 'key_hash' : 'id', '=', 'key' in which ? hashInviteKey(which.key) : which.id)
      .where('revoked_at', 'is', null)
      .returning('key_hint')
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, actor, { action: 'invite.revoke', target: `invite ${row.key_hint}...` });
    return true;
  });
}
