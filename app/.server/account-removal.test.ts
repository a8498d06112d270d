// Erasing a member on the real store (SQLite, and PostgreSQL in the second unit run). A database
// of its own: it adds projects and files that other test files count.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { ownDatabase } from '../../tests/support/own-database';
import { granted, newCredit, newInduction, newMember, newResource } from '../../tests/support/store-fixtures';
import { ownAccountConfirmation, removeMember } from './account-removal';
import { book, cancelBooking } from './bookings/core/book';
import { requestInduction, revokeInduction, setInductor, signOff } from './bookings/inductions/inductions';
import { memberData } from './data-export';
import { identity } from './identity';
import { nowIso } from '~/lib/dates';

const db = await ownDatabase('removal');

const asset = (ownerId: string | null) => ({
  id: crypto.randomBytes(16).toString('hex'),
  owner_id: ownerId,
  filename: 'x.png',
  mime_type: 'image/png',
  size: 1,
  sha256: 'x',
  width: 1,
  height: 1,
  variants: '[]',
  created_at: nowIso(),
});

async function member(uid: string | null = null) {
  const { id, username } = await newMember(db, 'gone', { uid: uid ?? undefined, fullname: 'Leaving Member' });
  return { id, username };
}

test('a member goes with their posts, files, sessions and old names; a file a project shows stays', async () => {
  const { id, username } = await member();
  const [avatar, attachment, projectBanner] = [asset(id), asset(id), asset(id)];
  await db.insertInto('assets').values([avatar, attachment, projectBanner]).execute();
  await db.updateTable('users').set({ avatar_id: avatar.id }).where('id', '=', id).execute();
  await db
    .insertInto('posts')
    .values({
      id: crypto.randomBytes(8).toString('hex'),
      user_id: id,
      slug: 'p',
      title: 'P',
      content: '',
      starred: 0,
      file_id: attachment.id,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  const projectId = crypto.randomUUID();
  await db
    .insertInto('projects')
    .values({
      id: projectId,
      slug: `p-${projectId.slice(0, 8)}`,
      name: 'Kept',
      description: '',
      url: '',
      featured: 0,
      tags: '[]',
      banner_id: projectBanner.id,
      logo_id: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  await db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: id, role: 'Lead', position: 0 })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: crypto.randomBytes(32).toString('base64url'),
      user_id: id,
      expires_at: nowIso(),
      created_at: nowIso(),
      checked_at: null,
      id_token: null,
      id_token_expires_at: null,
      refresh_token: null,
    })
    .execute();
  await db
    .insertInto('username_redirects')
    .values({ old_key: `${username}_old`, user_id: id, created_at: nowIso() })
    .execute();

  expect(await removeMember(db, id, { username: 'Boss' })).toEqual({ username, posts: 1, files: 2 });

  const count = async (table: 'posts' | 'sessions' | 'project_members' | 'username_redirects') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (const table of ['posts', 'sessions', 'project_members', 'username_redirects'] as const)
    expect(await count(table), table).toBe(0);
  const assets = await db
    .selectFrom('assets')
    .select('id')
    .where('id', 'in', [avatar.id, attachment.id, projectBanner.id])
    .execute();
  expect(assets.map((row) => row.id)).toEqual([projectBanner.id]);
  const [entry] = await db.selectFrom('audit_log').selectAll().where('target', '=', `@${username}`).execute();
  expect(entry).toMatchObject({ actor: '@Boss', action: 'member.delete', detail: '1 post, 2 files' });
  expect(await removeMember(db, id, null)).toBeNull();
});

test('a member deleting themselves is not written to the audit log', async () => {
  const { id, username } = await member();
  await removeMember(db, id, null);
  expect(
    await db.selectFrom('audit_log').select('id').where('target', '=', `@${username}`).execute(),
  ).toEqual([]);
});

test('confirmation is the password for a member who has one, else the username', async () => {
  const { uid } = await identity.createAccount(
    `pw_${crypto.randomBytes(3).toString('hex')}@example.ie`,
    'solder-fumes-42',
  );
  expect(await ownAccountConfirmation(db, (await member(uid)).id)).toBe('password');
  expect(await ownAccountConfirmation(db, (await member()).id)).toBe('username');
});

test('a member’s bookings, inductions and requests are in their export, and deleting them frees their slots', async () => {
  const admin = { ...(await member()), role: 'admin' as const };
  const leaving = await member();
  const other = await member();
  const induction = await newInduction(db, { name: 'Laser induction' });
  const second = await newInduction(db, { name: 'Lathe induction' });
  const resource = await newResource(db, { induction: induction.id });
  expect(
    await signOff(db, admin, { inductionId: induction.id, userId: leaving.id, note: 'Good hands' }),
  ).toBe('signed-off');
  expect(await signOff(db, admin, { inductionId: second.id, userId: leaving.id, note: '' })).toBe(
    'signed-off',
  );
  expect(
    (await revokeInduction(db, admin, { inductionId: second.id, userId: leaving.id, reason: 'Unsafe' }))
      .status,
  ).toBe('revoked');
  expect(
    await requestInduction(db, { inductionId: second.id, userId: leaving.id, message: 'Again please' }),
  ).toBe('requested');
  await setInductor(db, 'cli', { inductionId: induction.id, userId: leaving.id, appoint: true });
  await signOff(db, admin, { inductionId: induction.id, userId: other.id, note: '' });
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const slot = { resourceId: resource.id, start, minutes: 60 };
  const kept = await book(db, { ...slot, userId: leaving.id, note: 'Etching a PCB' });
  if (kept.status !== 'booked') throw new Error(kept.status);
  const dropped = await book(db, {
    ...slot,
    start: new Date(start.getTime() + 86_400_000),
    userId: leaving.id,
    note: 'Maybe',
  });
  if (dropped.status !== 'booked') throw new Error(dropped.status);
  await cancelBooking(db, dropped.booking.id, leaving.id);
  expect(await book(db, { ...slot, userId: other.id, note: '' })).toMatchObject({ status: 'taken' });

  const data = (await memberData(db, leaving.id, 'https://lab.example'))!;
  expect(data.bookings.bookings).toMatchObject([
    { note: 'Etching a PCB', status: 'active', start: start.toISOString() },
    { note: 'Maybe', status: 'cancelled' },
  ]);
  expect(data.bookings.inductions).toMatchObject([
    { induction: induction.name, standing: 'held', note: 'Good hands', signed_off_by: `@${admin.username}` },
    { induction: second.name, standing: 'revoked', revoke_reason: 'Unsafe' },
  ]);
  expect(data.bookings.induction_requests).toMatchObject([
    { induction: second.name, message: 'Again please' },
  ]);

  expect(await removeMember(db, leaving.id, { username: admin.username })).toMatchObject({
    username: leaving.username,
  });
  expect(await book(db, { ...slot, userId: other.id, note: '' })).toMatchObject({ status: 'booked' });
  for (const table of ['bookings', 'member_inductions', 'induction_requests', 'inductors'] as const) {
    const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', leaving.id).execute();
    expect(rows, table).toEqual([]);
  }
});

test('a member with credits is in their export with lots and entries, and goes; the ledger stays, anonymous', async () => {
  const leaving = await member();
  const gpu = await newCredit(db, { name: 'GPU tokens' });
  const resource = await newResource(db, { cost: { creditId: gpu.id, perHour: 3 } });
  const lot = await granted(db, leaving.id, gpu.id, 10);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const held = await book(db, { resourceId: resource.id, userId: leaving.id, start, minutes: 120, note: '' });
  if (held.status !== 'booked') throw new Error(held.status);
  const freed = await book(db, {
    resourceId: resource.id,
    userId: leaving.id,
    start: new Date(start.getTime() + 86_400_000),
    minutes: 60,
    note: '',
  });
  if (freed.status !== 'booked') throw new Error(freed.status);
  await cancelBooking(db, freed.booking.id, leaving.id);

  const data = (await memberData(db, leaving.id, 'https://lab.example'))!;
  expect(data.credits.lots).toMatchObject([
    {
      credit: gpu.name,
      source: 'grant',
      amount: 10,
      remaining: 4,
      reason: 'test grant',
      entries: [
        { kind: 'grant', amount: 10 },
        { kind: 'hold', amount: 6, booking_id: held.booking.id },
        { kind: 'hold', amount: 3, booking_id: freed.booking.id },
        { kind: 'release', amount: 3, booking_id: freed.booking.id },
      ],
    },
  ]);
  const entriesOf = () =>
    db.selectFrom('credit_entries').selectAll().where('lot_id', '=', lot).orderBy('id').execute();
  const before = await entriesOf();
  expect(before).toHaveLength(4);

  expect(await removeMember(db, leaving.id, null)).toMatchObject({ username: leaving.username });
  const after = await db
    .selectFrom('credit_lots')
    .selectAll()
    .where('id', '=', lot)
    .executeTakeFirstOrThrow();
  expect(after).toMatchObject({ user_id: null, amount: 10, remaining: 4, reason: 'test grant' });
  // Append-only: removal touched no entry (the database would have refused it).
  expect(await entriesOf()).toEqual(before);
});
