// Member accounts (docs/product.md §7 auth calls): uniqueness checks, invite keys and sign-up.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '~/lib/dates';
import { hashInviteKey } from './invites';
import { inviteStatus } from '~/lib/invites';
import { useFile } from './asset-claims';
import { usernameKey } from '~/lib/username';
import { normalEmail } from '~/lib/email';

export type InviteState = 'ok' | 'unknown' | 'used' | 'revoked' | 'expired';

/** The texts (docs/product.md §8) next to the invite-key field, per state. */
export const INVITE_MESSAGES: Record<Exclude<InviteState, 'ok'>, string> = {
  unknown: 'This invite key is not valid',
  used: 'This invite key has already been used',
  revoked: 'This invite key has been revoked',
  expired: 'This invite key has expired',
};

export class InviteError extends Error {
  constructor(readonly state: Exclude<InviteState, 'ok'>) {
    super(INVITE_MESSAGES[state]);
  }
}

export async function emailTaken(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalEmail(email))
    .executeTakeFirst();
  return Boolean(row);
}

/** Taken by a member, or still pointing at a renamed member's profile (their old addresses work). */
export async function usernameTaken(db: Kysely<Database>, username: string) {
  const key = usernameKey(username);
  const [member, redirect] = await Promise.all([
    db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst(),
    db.selectFrom('username_redirects').select('user_id').where('old_key', '=', key).executeTakeFirst(),
  ]);
  return Boolean(member || redirect);
}

export async function inviteState(db: Kysely<Database>, key: string): Promise<InviteState> {
  const row = await db
    .selectFrom('invite_keys')
    .selectAll()
    .where('key_hash', '=', hashInviteKey(key))
    .executeTakeFirst();
  if (!row) return 'unknown';
  const status = inviteStatus(row, nowIso());
  return status === 'active' ? 'ok' : status;
}

export interface SignUp {
  uid: string;
  email: string;
  username: string;
  fullname: string;
  bio: string;
  qualifications: string[];
  avatarId: string | null;
  bannerId: string | null;
  inviteKey: string;
  /** the new account's ID token, for an upstream backend (API_URL) */
  token?: string | null;
}

/**
 * Consumes the invite key and creates the member in one transaction (docs/architecture.md §6); the uploaded
 * avatar and banner (uploads nobody owns yet) become the member's. Throws InviteError when the key
 * cannot be used, FieldError when an image id cannot.
 */
export async function createMember(db: Kysely<Database>, input: SignUp): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const consumed = await trx
      .updateTable('invite_keys')
      .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
      .where('key_hash', '=', hashInviteKey(input.inviteKey))
      .where('uses_left', '>', 0)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .returning('id')
      .executeTakeFirst();
    if (!consumed) {
      const state = await inviteState(trx, input.inviteKey);
      throw new InviteError(state === 'ok' ? 'used' : state);
    }
    const id = crypto.randomUUID();
    const image = (choice: string | null, field: string) =>
      choice ? useFile(trx, choice, { id: null, uploader: input.uid, field, kind: 'image' }) : null;
    const [avatarId, bannerId] = [
      await image(input.avatarId, 'avatar_id'),
      await image(input.bannerId, 'banner_id'),
    ];
    await trx
      .insertInto('users')
      .values({
        id,
        username: input.username,
        username_key: usernameKey(input.username),
        email: normalEmail(input.email),
        fullname: input.fullname,
        bio: input.bio,
        qualifications: JSON.stringify(input.qualifications),
        avatar_id: avatarId,
        banner_id: bannerId,
        identity_uid: input.uid,
        invite_id: consumed.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const assets = [avatarId, bannerId].filter((value): value is string => Boolean(value));
    if (assets.length)
      await trx.updateTable('assets').set({ owner_id: id }).where('id', 'in', assets).execute();
    return id;
  });
}

/** A member as sign-in sees them: `disabled` when an admin stopped them signing in. */
export interface SignInMember {
  id: string;
  username: string;
  disabled?: boolean;
}

const memberSignIn = ['id', 'username', 'disabled_at'] as const;

const signInMember = (row: { id: string; username: string; disabled_at: string | null }): SignInMember => ({
  id: row.id,
  username: row.username,
  ...(row.disabled_at ? { disabled: true } : {}),
});

/**
 * The member behind an identity account: the one bound to its uid; else, when the provider vouches
 * for the e-mail, a member not bound to any account yet (made by an import or the seed), who is
 * bound to it now. An unverified account with someone's e-mail finds nobody.
 */
export async function memberForIdentity(
  db: Kysely<Database>,
  account: { uid: string; email: string; emailVerified: boolean },
) {
  const bound = await db
    .selectFrom('users')
    .select(memberSignIn)
    .where('identity_uid', '=', account.uid)
    .executeTakeFirst();
  if (bound || !account.emailVerified) return bound && signInMember(bound);
  const unbound = await db
    .selectFrom('users')
    .select(memberSignIn)
    .where('identity_uid', 'is', null)
    .where('email', '=', normalEmail(account.email))
    .executeTakeFirst();
  if (unbound)
    await db
      .updateTable('users')
      .set({ identity_uid: account.uid })
      .where('id', '=', unbound.id)
      .where('identity_uid', 'is', null)
      .execute();
  return unbound && signInMember(unbound);
}

/** The member with this e-mail (Google sign-in trusts the issuer's verified e-mail). */
export async function memberByEmail(db: Kysely<Database>, email: string) {
  const member = await db
    .selectFrom('users')
    .select(memberSignIn)
    .where('email', '=', normalEmail(email))
    .executeTakeFirst();
  return member && signInMember(member);
}
