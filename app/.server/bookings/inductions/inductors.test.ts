// Who gets 'inductions' in the menu: one row looked for per request (the root loader asks on every
// signed-in page), and what revoking a holder's induction would touch, on both engines.
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { inductionHolders, isInductor, setInductor, signOff } from './inductions';
import {
  bookedBy,
  hourAhead,
  newInduction,
  newMember,
  newResource,
} from '../../../../tests/support/store-fixtures';

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

test('what a revocation touches: the holder’s open bookings of the machines it gates, not ended, soonest first', async () => {
  const induction = await newInduction(db);
  const [gated, other] = [
    await newResource(db, { induction: induction.id, name: 'Gated lathe' }),
    await newResource(db, { name: 'Free bench' }),
  ];
  const member = await newMember(db, 'holder', { fullname: 'Holder One' });
  await signOff(
    db,
    { id: 'admin-id', username: 'boss', role: 'admin' },
    { inductionId: induction.id, userId: member.id, note: '' },
  );
  const later = await bookedBy(db, gated.id, member.id, hourAhead(3));
  const sooner = await bookedBy(db, gated.id, member.id, hourAhead(2));
  await bookedBy(db, other.id, member.id, hourAhead(2, 12));
  const [holder] = await inductionHolders(db, [induction.id]);
  expect(holder?.upcoming).toEqual([
    {
      id: sooner.id,
      resource: 'Gated lathe',
      start: sooner.start,
      end: sooner.end,
      checkedIn: false,
      member: { username: member.username, fullname: 'Holder One' },
    },
    expect.objectContaining({ id: later.id, resource: 'Gated lathe' }),
  ]);
  const inAWeek = await inductionHolders(db, [induction.id], hourAhead(7));
  expect(inAWeek[0]?.upcoming).toEqual([]);
});
