// Erasing a member (docs/product.md §2 'Delete my account', and the admin's 'Delete member'):
// the identity account, then in one transaction the member row and everything hanging off it,
// then their files. Embedded store only: in front of a backend the backend holds the member.
import type { Kysely } from 'kysely';
import { files } from './assets';
import { recordAudit, type Actor } from './audit';
import type { Database } from './db/schema';
import { identity } from './identity';

export interface Removed {
  username: string;
  posts: number;
  files: number;
}

/**
 * Removes a member and what is theirs: profile, posts, uploaded files, sessions, API tokens, old
 * usernames, project memberships (the member row's foreign keys cascade) and the identity
 * account. Files a project still shows stay. `actor` is the admin who did it (written to the audit
 * log in the same transaction); null when members delete themselves. Null when there is no such
 * member.
 *
 * The identity account goes first and forgives one already gone, so a removal that fails half-way
 * can be run again; nobody can sign in to a member that is still there in between. A file the
 * store fails to delete after the commit has no row, and the hourly sweep removes it.
 */
export async function removeMember(
  db: Kysely<Database>,
  memberId: string,
  actor: Actor | null,
): Promise<Removed | null> {
  const member = await db
    .selectFrom('users')
    .select(['id', 'username', 'identity_uid', 'avatar_id', 'banner_id'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) return null;
  if (member.identity_uid) await identity.deleteAccount(member.identity_uid);
  const removed = await db.transaction().execute(async (trx) => {
    const [owned, posts] = await Promise.all([
      trx.selectFrom('assets').select('id').where('owner_id', '=', member.id).execute(),
      trx.selectFrom('posts').select('file_id').where('user_id', '=', member.id).execute(),
    ]);
    const candidates = new Set(
      [
        ...owned.map((asset) => asset.id),
        ...posts.map((post) => post.file_id),
        member.avatar_id,
        member.banner_id,
      ].filter((id): id is string => Boolean(id)),
    );
    if (candidates.size) {
      const shown = await trx
        .selectFrom('projects')
        .select(['banner_id', 'logo_id'])
        .where((eb) => eb.or([eb('banner_id', 'in', [...candidates]), eb('logo_id', 'in', [...candidates])]))
        .execute();
      for (const project of shown) {
        if (project.banner_id) candidates.delete(project.banner_id);
        if (project.logo_id) candidates.delete(project.logo_id);
      }
    }
    await trx.deleteFrom('users').where('id', '=', member.id).execute();
    const assetIds = [...candidates];
    if (assetIds.length) await trx.deleteFrom('assets').where('id', 'in', assetIds).execute();
    if (actor)
      await recordAudit(trx, actor, {
        action: 'member.delete',
        target: `@${member.username}`,
        detail: `${posts.length} ${posts.length === 1 ? 'post' : 'posts'}, ${assetIds.length} ${assetIds.length === 1 ? 'file' : 'files'}`,
      });
    return { username: member.username, posts: posts.length, assetIds };
  });
  for (const id of removed.assetIds)
    await files
      .remove(id)
      .catch((error) => console.error(`Removing the files of asset ${id} failed:`, error));
  return { username: removed.username, posts: removed.posts, files: removed.assetIds.length };
}

/** How members confirm deleting their own account: their password, or their username when they have none. */
export async function ownAccountConfirmation(db: Kysely<Database>, memberId: string) {
  const row = await db
    .selectFrom('users')
    .select('identity_uid')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.identity_uid && (await identity.hasPassword(row.identity_uid)) ? 'password' : 'username';
}
