// What an admin can do to a member's standing (docs/product.md §2, /admin): stop them signing in,
// and remove a post of theirs with a reason they are shown. Each change and its audit entry
// commit together.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { files } from '../assets';
import type { Database } from '../db/schema';
import { identity } from '../identity';
import { nowIso } from '~/lib/dates';
import { recordAudit, type Actor } from '../audit';
import { userByUsername } from '../store/usernames';
import { usernameKey } from '~/lib/username';

export type SignInSwitch = 'changed' | 'unchanged' | 'unknown' | 'self';

/**
 * Disables or re-enables a member's sign-in. Disabling ends every session and API token of theirs.
 * With Firebase the account is disabled there too, last inside the transaction: if Firebase
 * refuses, nothing here changes.
 */
export async function setSignInDisabled(
  db: Kysely<Database>,
  username: string,
  disabled: boolean,
  actor: Actor,
): Promise<SignInSwitch> {
  return db.transaction().execute(async (trx) => {
    const member = await userByUsername(trx, username)
      .select(['id', 'username', 'identity_uid', 'disabled_at'])
      .executeTakeFirst();
    if (!member) return 'unknown';
    if (actor !== 'cli' && usernameKey(actor.username) === usernameKey(member.username)) return 'self';
    if (Boolean(member.disabled_at) === disabled) return 'unchanged';
    await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? nowIso() : null })
      .where('id', '=', member.id)
      .execute();
    if (disabled) {
      await trx.deleteFrom('sessions').where('user_id', '=', member.id).execute();
      await trx.deleteFrom('api_tokens').where('user_id', '=', member.id).execute();
    }
    await recordAudit(trx, actor, {
      action: disabled ? 'member.disable' : 'member.enable',
      target: `@${member.username}`,
    });
    if (member.identity_uid && identity.setAccountDisabled)
      await identity.setAccountDisabled(member.identity_uid, disabled);
    return 'changed';
  });
}

/** A post as the removal page shows it; null when there is none. */
export async function postToRemove(db: Kysely<Database>, postId: string) {
  const post = await db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(['posts.id', 'posts.title', 'posts.slug', 'posts.created_at', 'users.username', 'users.fullname'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return post ?? null;
}

/**
 * Removes anyone's post and leaves its author a notice with the reason (shown on their /profile),
 * in one transaction with the audit entry; then its attachment's files. False when there is no
 * such post (already removed, or a forged id).
 */
export async function removePost(db: Kysely<Database>, postId: string, reason: string, actor: Actor) {
  const removed = await db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(['posts.id', 'posts.title', 'posts.file_id', 'posts.user_id', 'users.username'])
      .where('posts.id', '=', postId)
      .executeTakeFirst();
    if (!post) return null;
    await trx.deleteFrom('posts').where('id', '=', post.id).execute();
    if (post.file_id) await trx.deleteFrom('assets').where('id', '=', post.file_id).execute();
    await trx
      .insertInto('post_removals')
      .values({
        id: crypto.randomUUID(),
        user_id: post.user_id,
        title: post.title,
        reason,
        removed_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, actor, {
      action: 'post.remove',
      target: `“${post.title}” by @${post.username}`,
      detail: reason,
    });
    return post;
  });
  if (!removed) return false;
  // The row is gone; files the store would not delete now are left to the hourly sweep.
  if (removed.file_id)
    await files
      .remove(removed.file_id)
      .catch((error) =>
        console.error(`Removing the attachment of removed post ${removed.id} failed:`, error),
      );
  return true;
}

/** The removal notices a member is shown on /profile, newest first. */
export function removalNotices(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('post_removals')
    .select(['id', 'title', 'reason', 'removed_at'])
    .where('user_id', '=', memberId)
    .orderBy('removed_at', 'desc')
    .execute();
}
