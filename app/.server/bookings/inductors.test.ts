// Who gets 'inductions' in the menu: one row looked for per request (the root loader asks on every
// signed-in page), on both engines.
import { afterAll, expect, test } from 'vitest';
import { db } from '../db';
import { isInductor, setInductor } from './inductions';
import { newInduction, newMember } from '../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

test('a member is an inductor once named for an induction, and no longer when removed; admins are', async () => {
  const member = await newMember(db, 'inductor');
  const actor = { id: member.id, username: member.username, role: 'member' as const };
  expect(await isInductor(db, actor)).toBe(false);
  const induction = await newInduction(db);
  expect(await isInductor(db, { ...actor, role: 'admin' })).toBe(true);
  await setInductor(db, 'cli', { inductionId: induction.id, userId: member.id, appoint: true });
  expect(await isInductor(db, actor)).toBe(true);
  await setInductor(db, 'cli', { inductionId: induction.id, userId: member.id, appoint: false });
  expect(await isInductor(db, actor)).toBe(false);
});
