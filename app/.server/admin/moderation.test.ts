// Disabling sign-in and removing posts on the real store (SQLite, and PostgreSQL in the second
// unit run): each change and its audit entry commit together, and a refusal changes nothing.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { db } from '../db';
import { createInvite } from '../store/invites';
import { createMember, memberForIdentity } from '../store/accounts';
import { insertPost } from '../store/post-writes';
import { listMembers, memberByUsername } from '../store/members';
import { nowIso } from '~/lib/dates';
import { removalNotices, removePost, setSignInDisabled } from './moderation';

async function newMember() {
  const username = `mod_${crypto.randomBytes(3).toString('hex')}`;
  const uid = crypto.randomUUID();
  const id = await createMember(db, {
    uid,
    email: `${username}@example.ie`,
    username,
    fullname: 'Moderated Member',
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
    inviteKey: await createInvite(db, {}, 'cli'),
  });
  return { id, uid, username, email: `${username}@example.ie` };
}

const actions = (target: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'detail'])
    .where('target', '=', target)
    .orderBy('created_at')
    .execute()
    .then((rows) => rows.map((row) => [row.actor, row.action, row.detail]));

test('disabling sign-in ends sessions and tokens and is logged; enabling lets them back', async () => {
  const member = await newMember();
  const future = new Date(Date.now() + 60_000).toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: crypto.randomUUID(),
      user_id: member.id,
      expires_at: future,
      created_at: nowIso(),
      checked_at: null,
      id_token: null,
      id_token_expires_at: null,
      refresh_token: null,
    })
    .execute();
  await db
    .insertInto('api_tokens')
    .values({ token_hash: crypto.randomUUID(), user_id: member.id, created_at: nowIso(), expires_at: future })
    .execute();

  expect(await setSignInDisabled(db, member.username.toUpperCase(), true, { username: 'Boss' })).toBe(
    'changed',
  );
  expect(await setSignInDisabled(db, member.username, true, 'cli')).toBe('unchanged');
  const account = { uid: member.uid, email: member.email, emailVerified: true };
  expect(await memberForIdentity(db, account)).toEqual({
    id: member.id,
    username: member.username,
    disabled: true,
  });
  for (const table of ['sessions', 'api_tokens'] as const)
    expect(await db.selectFrom(table).select('user_id').where('user_id', '=', member.id).execute()).toEqual(
      [],
    );

  expect(await setSignInDisabled(db, member.username, false, 'cli')).toBe('changed');
  expect(await memberForIdentity(db, account)).toEqual({ id: member.id, username: member.username });
  expect(await actions(`@${member.username}`)).toEqual([
    ['@Boss', 'member.disable', ''],
    ['admin CLI', 'member.enable', ''],
  ]);
});

test('an admin cannot disable themselves, and an unknown member changes nothing', async () => {
  const member = await newMember();
  expect(await setSignInDisabled(db, member.username, true, { username: member.username })).toBe('self');
  expect(await setSignInDisabled(db, 'nobody_at_all', true, 'cli')).toBe('unknown');
  expect(await memberForIdentity(db, { uid: member.uid, email: member.email, emailVerified: true })).toEqual({
    id: member.id,
    username: member.username,
  });
  expect(await actions(`@${member.username}`)).toEqual([]);
});

test('removing a post deletes it and leaves its author the reason; a second removal changes nothing', async () => {
  const member = await newMember();
  const post = await insertPost(
    db,
    member.id,
    { title: 'Spam here', content: 'buy now', starred: false },
    null,
  );
  expect(await removePost(db, post.id, 'Advertising is not allowed.', { username: 'Boss' })).toBe(true);
  expect(await db.selectFrom('posts').select('id').where('id', '=', post.id).execute()).toEqual([]);
  expect(await removalNotices(db, member.id)).toEqual([
    expect.objectContaining({ title: 'Spam here', reason: 'Advertising is not allowed.' }),
  ]);
  expect(await removePost(db, post.id, 'again', 'cli')).toBe(false);
  expect(await removalNotices(db, member.id)).toHaveLength(1);
  expect(await actions(`“Spam here” by @${member.username}`)).toEqual([
    ['@Boss', 'post.remove', 'Advertising is not allowed.'],
  ]);
});

test('a hidden member is left out of the directory list but keeps their page', async () => {
  const member = await newMember();
  await db.updateTable('users').set({ hidden: 1 }).where('id', '=', member.id).execute();
  expect((await listMembers(db)).some((listed) => listed.username === member.username)).toBe(false);
  expect(await memberByUsername(db, member.username)).toMatchObject({
    username: member.username,
    hidden: true,
  });
});
