// Members' own posts (docs/product.md §7 insert/edit/delete). Ownership is enforced here: every write loads
// the post by id *and* author, so a forged id changes nothing.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteAsset } from '../assets';
import { discardChoices, useFile, type FileChoice } from './asset-claims';
import { slugify, uniqueSlug } from '~/lib/slug';
import { nowIso } from '~/lib/dates';
import { toPost, type PostRow } from './rows';
import { selectPosts } from './posts';

export interface PostInput {
  title: string;
  content: string;
  starred: boolean;
}

/** One of the member's own posts, or null (someone else's or unknown). */
export async function ownPost(db: Kysely<Database>, userId: string, postId: string) {
  const row: PostRow | undefined = await selectPosts(db)
    .where('posts.id', '=', postId)
    .where('posts.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toPost(row) : null;
}

/** Creates a post (with its attachment, if any) in one transaction; the slug is unique per author. */
export async function insertPost(
  db: Kysely<Database>,
  userId: string,
  input: PostInput,
  file: FileChoice | null,
) {
  try {
    return await db.transaction().execute(async (trx) => {
      const fileId = file ? await useFile(trx, file, { id: userId, field: 'file_id', kind: 'file' }) : null;
      const taken = await trx.selectFrom('posts').select('slug').where('user_id', '=', userId).execute();
      const slug = uniqueSlug(slugify(input.title), new Set(taken.map((row) => row.slug)));
      const now = nowIso();
      const id = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
      await trx
        .insertInto('posts')
        .values({
          id,
          user_id: userId,
          slug,
          title: input.title,
          content: input.content,
          starred: input.starred ? 1 : 0,
          file_id: fileId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, slug };
    });
  } catch (error) {
    discardChoices(file);
    throw error;
  }
}

/**
 * Updates an own post. `file` replaces the attachment (naming the current one keeps it);
 * `removeFile` drops it. The slug stays, so
 * links keep working when the title changes. The old file is deleted once the update is saved.
 * Returns false when the post is not the member's.
 */
export async function updatePost(
  db: Kysely<Database>,
  userId: string,
  postId: string,
  input: PostInput & { removeFile: boolean },
  file: FileChoice | null,
) {
  let oldFileId: string | null = null;
  let updated: boolean;
  try {
    updated = await db.transaction().execute(async (trx) => {
      const post = await ownPostFile(trx, userId, postId);
      if (!post) return false;
      const fileId =
        file === post.file_id
          ? post.file_id
          : file
            ? await useFile(trx, file, { id: userId, field: 'file_id', kind: 'file' })
            : input.removeFile
              ? null
              : post.file_id;
      if (post.file_id && post.file_id !== fileId) oldFileId = post.file_id;
      await trx
        .updateTable('posts')
        .set({
          title: input.title,
          content: input.content,
          starred: input.starred ? 1 : 0,
          file_id: fileId,
          updated_at: nowIso(),
        })
        .where('id', '=', postId)
        .where('user_id', '=', userId)
        .execute();
      return true;
    });
    if (!updated) discardChoices(file);
  } catch (error) {
    discardChoices(file);
    throw error;
  }
  // Saved: the old file goes; if that fails, the sweep of unused uploads takes it later.
  if (oldFileId)
    await deleteAsset(db, oldFileId).catch((error) =>
      console.error('Removing a replaced file failed:', error),
    );
  return updated;
}

/** The post and its file, only when the member owns it: the ownership check of every write. */
function ownPostFile(db: Kysely<Database>, userId: string, postId: string) {
  return db
    .selectFrom('posts')
    .select(['id', 'file_id'])
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes an own post and its attachment; false when it is not the member's. */
export async function deletePost(db: Kysely<Database>, userId: string, postId: string) {
  const post = await ownPostFile(db, userId, postId);
  if (!post) return false;
  await db.deleteFrom('posts').where('id', '=', post.id).where('user_id', '=', userId).execute();
  // The post is gone; a file the store would not delete now is left to the hourly sweep.
  if (post.file_id)
    await deleteAsset(db, post.file_id).catch((error) =>
      console.error(`Removing the attachment of deleted post ${post.id} failed:`, error),
    );
  return true;
}
