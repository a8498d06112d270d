import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { db } from '../db';
import { nowIso } from '~/lib/dates';
import { memberForIdentity } from './accounts';

test('an account finds its member by uid, or an unbound member by a verified e-mail only', async () => {
  const id = crypto.randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      username: 'imported_member',
      username_key: 'imported_member',
      email: 'imported@example.ie',
      fullname: 'Imported',
      bio: '',
      qualifications: '[]',
      identity_uid: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  const account = (uid: string, emailVerified: boolean) => ({
    uid,
    email: 'Imported@example.ie',
    emailVerified,
  });
  // Anyone can make an unverified account with someone's e-mail: it finds nobody.
  expect(await memberForIdentity(db, account('stranger', false))).toBeUndefined();
  expect(await memberForIdentity(db, account('owner', true))).toEqual({ id, username: 'imported_member' });
  // Bound now: the uid finds the member, another account with the e-mail does not.
  expect(await memberForIdentity(db, account('owner', false))).toEqual({ id, username: 'imported_member' });
  expect(await memberForIdentity(db, account('second', true))).toBeUndefined();
});
