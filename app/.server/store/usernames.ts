// Finding a member by username: one place that knows usernames compare by usernameKey.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { usernameKey } from '~/lib/username';

/** The users row of a username (any case): the caller selects the columns it needs. */
export const userByUsername = (db: Kysely<Database>, username: string) =>
  db.selectFrom('users').where('username_key', '=', usernameKey(username));

/** A member's id by username (any case), or null. */
export async function memberIdByUsername(db: Kysely<Database>, username: string) {
  return (await userByUsername(db, username).select('id').executeTakeFirst())?.id ?? null;
}
