// In front of an upstream backend (remote.ts), this site's own store keeps a copy of each signed-in
// member (for sessions and the header), made and refreshed from the backend's verify call.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { nowIso } from '~/lib/dates';
import type { SignedIn } from '../identity/types';
import type { Caller } from './index';
import { answered, type RemoteHttp } from './remote-http';
import { RemoteVerifiedUser } from './remote-schemas';
import { usernameKey } from '~/lib/username';
import { normalEmail } from '~/lib/email';

export type MemberCopy = ReturnType<typeof memberCopy>;

export function memberCopy(http: RemoteHttp, db: Kysely<Database>) {
  /** Keeps this site's copy of a signed-in member up to date. */
  async function remember(account: { uid: string; email: string }, user: z.infer<typeof RemoteVerifiedUser>) {
    return db.transaction().execute(async (trx) => {
      const key = usernameKey(user.username);
      const email = normalEmail(account.email);
      // A name or address another account had before is theirs no longer.
      await trx
        .deleteFrom('users')
        .where((eb) =>
          eb.and([
            eb.or([eb('identity_uid', 'is', null), eb('identity_uid', '!=', account.uid)]),
            eb.or([eb('username_key', '=', key), eb('email', '=', email)]),
          ]),
        )
        .execute();
      const fields = {
        username: user.username,
        username_key: key,
        email,
        fullname: user.fullname,
        updated_at: nowIso(),
      };
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('identity_uid', '=', account.uid)
        .executeTakeFirst();
      if (existing) {
        await trx.updateTable('users').set(fields).where('id', '=', existing.id).execute();
        return { id: existing.id, username: user.username };
      }
      const id = crypto.randomUUID();
      await trx
        .insertInto('users')
        .values({
          ...fields,
          id,
          bio: '',
          qualifications: '[]',
          identity_uid: account.uid,
          created_at: fields.updated_at,
        })
        .execute();
      return { id, username: user.username };
    });
  }

  /** The backend's member for a token, copied here; undefined when the backend has none. */
  async function verify(account: Pick<SignedIn, 'uid' | 'email'>, token: string) {
    try {
      const user = await http.read(
        'verify',
        await http.send('verify', '/auth/verify', { token }),
        RemoteVerifiedUser,
      );
      return await remember(account, user);
    } catch (error) {
      // Not a member of the backend (yet): no member here either.
      if (answered(error, 401, 403, 404)) return undefined;
      throw error;
    }
  }

  /** Refreshes the copy of the calling member (after they changed their profile). */
  async function refresh(caller: Caller) {
    const row = await db
      .selectFrom('users')
      .select(['identity_uid', 'email'])
      .where('id', '=', caller.id)
      .executeTakeFirst();
    if (row?.identity_uid && caller.token)
      await verify({ uid: row.identity_uid, email: row.email }, caller.token);
  }

  return { verify, refresh };
}
