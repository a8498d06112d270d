// The admin server code on the real store (SQLite, and PostgreSQL in the second unit run): each
// change and its audit entry commit together, and the log cannot be rewritten.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { db } from '../db';
import { createInvite, listInvites, revokeInvite } from '../store/invites';
import { createMember } from '../store/accounts';
import { auditPage } from '../audit';
import { setRole } from './roles';

/** A member registered with `inviteKey`; their username. */
async function newMember(prefix: string, inviteKey: string) {
  const username = `${prefix}_${crypto.randomBytes(3).toString('hex')}`;
  await createMember(db, {
    uid: crypto.randomUUID(),
    email: `${username}@example.ie`,
    username,
    fullname: 'Test Member',
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
    inviteKey,
  });
  return username;
}

const entriesFor = (target: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'detail'])
    .where('target', '=', target)
    .orderBy('created_at')
    .execute();

test('creating and revoking an invite writes the log; revoking twice changes nothing the second time', async () => {
  const key = await createInvite(
    db,
    { uses: 3, expiresInDays: 10, note: ' workshop ' },
    { username: 'Boss' },
  );
  const target = `invite ${key.slice(0, 7)}...`;
  const [created] = await entriesFor(target);
  expect(created).toMatchObject({ actor: '@Boss', action: 'invite.create' });
  expect(created.detail).toMatch(/^3 uses, expires \d{4}-\d{2}-\d{2}, note: workshop$/);

  expect(await revokeInvite(db, { key }, 'cli')).toBe(true);
  expect(await revokeInvite(db, { key }, 'cli')).toBe(false);
  expect((await entriesFor(target)).map((entry) => [entry.actor, entry.action])).toEqual([
    ['@Boss', 'invite.create'],
    ['admin CLI', 'invite.revoke'],
  ]);
  const listed = (await listInvites(db)).find((invite) => invite.hint === `${key.slice(0, 7)}...`);
  expect(listed).toMatchObject({ status: 'revoked', usesLeft: 3, maxUses: 3, note: 'workshop' });
});

test('an invite lists the members who registered with it', async () => {
  const key = await createInvite(db, { uses: 2 }, 'cli');
  const username = await newMember('inv', key);
  const listed = (await listInvites(db)).find((invite) => invite.hint === `${key.slice(0, 7)}...`);
  expect(listed).toMatchObject({ status: 'active', usesLeft: 1, registered: [username] });
});

test('promote and demote change the role once and log it; an unknown member changes nothing', async () => {
  const username = await newMember('role', await createInvite(db, {}, 'cli'));
  expect(await setRole(db, username.toUpperCase(), 'admin', 'cli')).toBe('changed');
  expect(await setRole(db, username, 'admin', 'cli')).toBe('unchanged');
  expect(await setRole(db, username, 'member', { username: 'Boss' })).toBe('changed');
  expect(await setRole(db, 'nobody_here', 'admin', 'cli')).toBe('unknown');
  expect((await entriesFor(`@${username}`)).map((entry) => [entry.actor, entry.action])).toEqual([
    ['admin CLI', 'member.promote'],
    ['@Boss', 'member.demote'],
  ]);
});

test('the audit log is append-only: the database refuses updates and deletes', async () => {
  await createInvite(db, {}, 'cli');
  await expect(db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(
    /append-only/,
  );
  await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  const { entries } = await auditPage(db, 1);
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.some((entry) => entry.actor === 'someone else')).toBe(false);
});
