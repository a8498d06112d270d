import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Post, PostWithAuthor } from '~/lib/models';
import { assetRef, toPost, type PostRow } from './rows';
import { usernameKey } from '~/lib/username';

/** The post columns every reader needs, with the attachment's name and type. */
export function selectPosts(db: Kysely<Database>) {
  return db
    .selectFrom('posts')
    .leftJoin('assets', 'assets.id', 'posts.file_id')
    .select([
      'posts.id',
      'posts.user_id',
      'posts.slug',
      'posts.title',
      'posts.content',
      'posts.starred',
      'posts.created_at',
      'posts.file_id',
      'assets.filename as file_name',
      'assets.mime_type as file_mime_type',
    ]);
}

/** docs/product.md §7 get_by_user: newest first; an unknown username has no posts. */
export async function postsByUsername(db: Kysely<Database>, username: string): Promise<Post[]> {
  const rows: PostRow[] = await selectPosts(db)
    .innerJoin('users', 'users.id', 'posts.user_id')
    .where('users.username_key', '=', usernameKey(username))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id')
    .execute();
  return rows.map(toPost);
}

export async function postByUsernameAndSlug(
  db: Kysely<Database>,
  username: string,
  slug: string,
): Promise<PostWithAuthor | null> {
  const row = await selectPosts(db)
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(['users.username', 'users.fullname', 'users.avatar_id'])
    .where('users.username_key', '=', usernameKey(username))
    .where('posts.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toPost(row),
    author: { username: row.username, fullname: row.fullname, avatar: assetRef(row.avatar_id) },
  };
}

export interface SeedPostInput {
  userId: string;
  slug: string;
  title: string;
  content: string;
  starred: boolean;
  fileId: string | null;
  createdAt: string;
}

/** Creates or updates a post found by author and slug (the demo seed; member writes come later). */
export async function upsertPostBySlug(db: Kysely<Database>, input: SeedPostInput) {
  const values = {
    title: input.title,
    content: input.content,
    starred: input.starred ? 1 : 0,
    file_id: input.fileId,
    created_at: input.createdAt,
    updated_at: input.createdAt,
  };
  const existing = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('slug', '=', input.slug)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('posts').set(values).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const id = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  await db
    .insertInto('posts')
    .values({ id, user_id: input.userId, slug: input.slug, ...values })
    .execute();
  return id;
}
