// The admin role (docs/product.md §6): given and taken back with the admin CLI, checked by every
// /admin loader and action.
import type { Kysely } from 'kysely';
import { config } from '../config';
import { notFound } from '../http';
import type { Database, Role } from '../db/schema';
import { getUser, type SessionUser } from '../session';
import { recordAudit, type Actor } from '../audit';
import { userByUsername } from '../store/usernames';

/**
 * The signed-in admin. Anyone else, signed in or not, gets the 404 page: the admin area does not
 * admit it exists. In front of an upstream backend (API_URL) the backend owns invites, members and
 * posts, so there is no admin area here either.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = config.API_URL ? null : await getUser(request);
  if (user?.role !== 'admin') notFound();
  return user;
}

/** Sets a member's role; the change and its audit entry commit together. */
export async function setRole(
  db: Kysely<Database>,
  username: string,
  role: Role,
  actor: Actor,
): Promise<'changed' | 'unchanged' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const member = await userByUsername(trx, username).select(['id', 'username', 'role']).executeTakeFirst();
    if (!member) return 'unknown';
    if (member.role === role) return 'unchanged';
    await trx.updateTable('users').set({ role }).where('id', '=', member.id).execute();
    await recordAudit(trx, actor, {
      action: role === 'admin' ? 'member.promote' : 'member.demote',
      target: `@${member.username}`,
    });
    return 'changed';
  });
}
