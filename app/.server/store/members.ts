import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Member, Post } from '~/lib/models';
import { assetRef, parseList, toPost } from './rows';
import { selectPosts } from './posts';
import { usernameKey } from '~/lib/username';
import { memberIdByUsername, userByUsername } from './usernames';
import { normalEmail } from '~/lib/email';

const memberColumns = [
  'id',
  'username',
  'fullname',
  'bio',
  'qualifications',
  'avatar_id',
  'banner_id',
  'hidden',
] as const;

type MemberRow = Selectable<Pick<Database['users'], (typeof memberColumns)[number]>>;

function toMember(row: MemberRow, posts: Post[]): Member {
  return {
    username: row.username,
    fullname: row.fullname,
    bio: row.bio,
    qualifications: parseList(row.qualifications),
    avatar: assetRef(row.avatar_id),
    banner: assetRef(row.banner_id),
    posts,
    ...(row.hidden ? { hidden: true } : {}),
  };
}

/**
 * docs/product.md §7 get_members: every member with posts newest first, in two queries whatever the
 * count. Members who chose to leave the directory are not in it.
 */
export async function listMembers(db: Kysely<Database>): Promise<Member[]> {
  const users = await db
    .selectFrom('users')
    .select(memberColumns)
    .where('hidden', '=', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const posts = await selectPosts(db).orderBy('posts.created_at', 'desc').orderBy('posts.id').execute();
  const postsByUser = new Map<string, Post[]>();
  for (const row of posts) {
    const list = postsByUser.get(row.user_id) ?? [];
    list.push(toPost(row));
    postsByUser.set(row.user_id, list);
  }
  return users.map((user) => toMember(user, postsByUser.get(user.id) ?? []));
}

/** One member by username, any case (the member id of docs/product.md §2 is the lower-cased username). */
export async function memberByUsername(db: Kysely<Database>, username: string): Promise<Member | null> {
  const user = await userByUsername(db, username).select(memberColumns).executeTakeFirst();
  if (!user) return null;
  const posts = await selectPosts(db)
    .where('posts.user_id', '=', user.id)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id')
    .execute();
  return toMember(user, posts.map(toPost));
}

/** For the admin CLI: username, name, e-mail and post count of every member. */
export async function memberSummaries(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('posts', 'posts.user_id', 'users.id')
    .select(({ fn }) => [
      'users.username',
      'users.fullname',
      'users.email',
      fn.count<number>('posts.id').as('posts'),
    ])
    .groupBy(['users.id', 'users.username', 'users.fullname', 'users.email'])
    .orderBy('users.username_key')
    .execute();
  // PostgreSQL answers counts as bigint strings.
  return rows.map((row) => ({ ...row, posts: Number(row.posts) }));
}

export interface MemberInput {
  username: string;
  email: string;
  fullname: string;
  bio: string;
  qualifications: string[];
  avatarId: string | null;
  bannerId: string | null;
}

/** Creates or updates a member found by username (the demo seed; registration comes with accounts). */
export async function upsertMember(db: Kysely<Database>, input: MemberInput): Promise<string> {
  const now = new Date().toISOString();
  const values = {
    username: input.username,
    email: normalEmail(input.email),
    fullname: input.fullname,
    bio: input.bio,
    qualifications: JSON.stringify(input.qualifications.slice(0, 5)),
    avatar_id: input.avatarId,
    banner_id: input.bannerId,
    updated_at: now,
  };
  const existingId = await memberIdByUsername(db, input.username);
  if (existingId) {
    await db.updateTable('users').set(values).where('id', '=', existingId).execute();
    return existingId;
  }
  const id = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      username_key: usernameKey(input.username),
      identity_uid: null,
      created_at: now,
      ...values,
    })
    .execute();
  return id;
}
