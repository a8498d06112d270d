// The signed-in member's own profile (docs/product.md §7 update_profile).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteAsset } from '../assets';
import { discardChoices, useFile, type FileChoice } from './asset-claims';
import { nowIso } from '~/lib/dates';
import { usernameKey } from '~/lib/username';

export interface ProfileInput {
  username: string;
  fullname: string;
  bio: string;
  qualifications: string[];
}

/**
 * Saves the profile; new images replace the old ones (deleted after the save; naming the current
 * one keeps it). A changed username
 * leaves a redirect behind. Returns 'username-taken' when another member has the name in any case.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  input: ProfileInput,
  images: { avatar: FileChoice | null; banner: FileChoice | null },
): Promise<'saved' | 'username-taken'> {
  const replaced: string[] = [];
  let result: 'saved' | 'username-taken';
  try {
    result = await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const newKey = usernameKey(input.username);
      if (newKey !== user.username_key) {
        const other = await trx
          .selectFrom('users')
          .select('id')
          .where('username_key', '=', newKey)
          .executeTakeFirst();
        const reserved = await trx
          .selectFrom('username_redirects')
          .select('user_id')
          .where('old_key', '=', newKey)
          .executeTakeFirst();
        if (other || (reserved && reserved.user_id !== userId)) return 'username-taken' as const;
        await trx.deleteFrom('username_redirects').where('old_key', '=', newKey).execute();
        await trx
          .insertInto('username_redirects')
          .values({ old_key: user.username_key, user_id: userId, created_at: nowIso() })
          .onConflict((oc) => oc.column('old_key').doUpdateSet({ user_id: userId }))
          .execute();
      }
      const image = async (choice: FileChoice | null, current: string | null, field: string) => {
        if (!choice || choice === current) return current;
        const id = await useFile(trx, choice, { id: userId, field, kind: 'image' });
        if (current) replaced.push(current);
        return id;
      };
      const avatarId = await image(images.avatar, user.avatar_id, 'avatar_id');
      const bannerId = await image(images.banner, user.banner_id, 'banner_id');
      await trx
        .updateTable('users')
        .set({
          username: input.username,
          username_key: newKey,
          fullname: input.fullname,
          bio: input.bio,
          qualifications: JSON.stringify(input.qualifications),
          avatar_id: avatarId,
          banner_id: bannerId,
          updated_at: nowIso(),
        })
        .where('id', '=', userId)
        .execute();
      return 'saved' as const;
    });
    if (result !== 'saved') discardChoices(images.avatar, images.banner);
  } catch (error) {
    discardChoices(images.avatar, images.banner);
    throw error;
  }
  // Saved: the replaced images go; if that fails, the sweep of unused uploads takes them later.
  for (const id of replaced)
    await deleteAsset(db, id).catch((error) => console.error('Removing a replaced image failed:', error));
  return result;
}

/** The current username for an old one, when a member renamed themselves. */
export async function renamedUsername(db: Kysely<Database>, oldUsername: string) {
  const row = await db
    .selectFrom('username_redirects')
    .innerJoin('users', 'users.id', 'username_redirects.user_id')
    .select('users.username')
    .where('username_redirects.old_key', '=', usernameKey(oldUsername))
    .executeTakeFirst();
  return row?.username ?? null;
}
