// The audit log of admin actions (docs/decisions/018-admin-area.md): written by the same
// transaction as the change it records, so one never commits without the other; read newest first.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { nowIso } from '~/lib/dates';

/** Who acts: a signed-in admin, or whoever runs the admin CLI on the server. */
export type Actor = { username: string } | 'cli';

export const actorName = (actor: Actor): 'admin CLI' | `@${string}` =>
  actor === 'cli' ? 'admin CLI' : `@${actor.username}`;

export async function recordAudit(
  trx: Kysely<Database>,
  actor: Actor,
  entry: { action: string; target: string; detail?: string },
) {
  await trx
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      created_at: nowIso(),
      actor: actorName(actor),
      action: entry.action,
      target: entry.target,
      detail: entry.detail ?? '',
    })
    .execute();
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first, and whether an older page follows. */
export async function auditPage(db: Kysely<Database>, page: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'created_at', 'actor', 'action', 'target', 'detail'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), more: rows.length > AUDIT_PAGE_SIZE };
}
