// The store's `accounts` group against an upstream backend (remote.ts): the validate calls, sign-up
// with the new account's token (and the images that waited here for it), and the member behind an
// identity account through verify.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteAsset, originalPath } from '../assets';
import { FieldError } from '~/lib/models';
import { InviteError, INVITE_MESSAGES, memberByEmail, type InviteState } from './accounts';
import type { Store } from './index';
import type { RemoteUploads } from './remote-assets';
import { fieldFailure, type RemoteHttp } from './remote-http';
import type { MemberCopy } from './remote-member-copy';
import { RemoteCount, RemoteVerifiedUser } from './remote-schemas';

export function remoteAccounts(
  http: RemoteHttp,
  uploads: RemoteUploads,
  copy: MemberCopy,
  db: Kysely<Database>,
): Store['accounts'] {
  /** A validate call (docs/product.md §7): its count above 0 means taken. */
  const taken = (kind: 'email' | 'username', value: string) =>
    http
      .get(`validate ${kind}`, `/auth/${kind}/validate/${encodeURIComponent(value)}`, RemoteCount)
      .then((count) => count > 0);

  return {
    emailTaken: (email) => taken('email', email),
    usernameTaken: (username) => taken('username', username),
    // Section 7 has no call to check a key before sign-up: the backend checks it then.
    inviteState: async (): Promise<InviteState> => 'ok',
    async signUp(input) {
      if (!input.token) throw new Error('Sign-up with a backend needs the new account’s ID token');
      // The images waited in this store; now there is a token to upload them with. They stay
      // here until sign-up succeeds, so a retry (say, with the right invite key) has them.
      const waiting = [input.avatarId, input.bannerId].filter((id): id is string => Boolean(id));
      const image = async (id: string | null) => {
        const row = id
          ? await db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst()
          : null;
        return row ? uploads.upload(input.token ?? null, { row, path: originalPath(row.id) }) : null;
      };
      try {
        await http.post(
          'signup',
          '/auth/signup',
          {
            email: input.email,
            username: input.username,
            fullname: input.fullname,
            invite_key: input.inviteKey,
            description: input.bio,
            qualifications: input.qualifications,
            avatar_id: await image(input.avatarId),
            banner_id: await image(input.bannerId),
          },
          RemoteVerifiedUser,
          input.token,
        );
      } catch (error) {
        const failure = fieldFailure(error);
        if (failure instanceof FieldError && failure.field === 'invite_key') {
          const state = (Object.entries(INVITE_MESSAGES).find(([, text]) => text === failure.message)?.[0] ??
            'unknown') as Exclude<InviteState, 'ok'>;
          throw new InviteError(state);
        }
        throw failure;
      }
      for (const id of waiting)
        await deleteAsset(db, id).catch((error) =>
          console.error('Removing an uploaded image failed:', error),
        );
      return input.username;
    },
    async memberForIdentity(account) {
      if (account.tokens) return copy.verify(account, account.tokens.idToken);
      // Without tokens (a password reset): the copy of a member who signed in here before.
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('identity_uid', '=', account.uid)
        .executeTakeFirst();
    },
    memberByEmail: (email) => memberByEmail(db, email),
  };
}
