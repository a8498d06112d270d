// Members as the admin area sees them (docs/product.md §2, /admin/members): a searchable list, and
// what deleting one would remove.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseList } from '../store/rows';
import { matchesQuery } from '~/lib/search';
import { userByUsername } from '../store/usernames';

export interface AdminMemberRow {
  id: string;
  username: string;
  fullname: string;
  email: string;
  role: string;
  joined: string;
  posts: number;
  /** an admin stopped them signing in */
  disabled: boolean;
  /** they left the directory */
  hidden: boolean;
}

/** Every member matching `query` (the directory's rule), in joining order, with their post count. */
export async function adminMemberList(db: Kysely<Database>, query: string): Promise<AdminMemberRow[]> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.fullname',
      'users.email',
      'users.role',
      'users.qualifications',
      'users.created_at',
      'users.disabled_at',
      'users.hidden',
      eb
        .selectFrom('posts')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('posts.user_id', '=', 'users.id')
        .as('posts'),
    ])
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
  return rows
    .filter((row) => matchesQuery({ ...row, qualifications: parseList(row.qualifications) }, query))
    .map((row) => ({
      id: row.id,
      username: row.username,
      fullname: row.fullname,
      email: row.email,
      role: row.role,
      joined: row.created_at.slice(0, 10),
      posts: Number(row.posts),
      disabled: Boolean(row.disabled_at),
      hidden: row.hidden === 1,
    }));
}

/** A member by username, with what deleting them would remove; null when there is none. */
export async function memberToDelete(db: Kysely<Database>, username: string) {
  const member = await userByUsername(db, username)
    .select(['id', 'username', 'fullname', 'avatar_id', 'banner_id', 'identity_uid'])
    .executeTakeFirst();
  if (!member) return null;
  const [posts, files, sessions] = await Promise.all([
    db.selectFrom('posts').select(['title', 'file_id']).where('user_id', '=', member.id).execute(),
    db.selectFrom('assets').select('id').where('owner_id', '=', member.id).execute(),
    db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute(),
  ]);
  return {
    id: member.id,
    username: member.username,
    fullname: member.fullname,
    posts: posts.length,
    files: files.length,
    sessions: sessions.length,
    identityAccount: Boolean(member.identity_uid),
  };
}
