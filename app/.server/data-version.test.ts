import crypto from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { config } from './config';
import { readDataVersion } from './data-version';
import { connect, db } from './db';
import { nowIso } from '~/lib/dates';

// Another connection, as another instance of the site would have.
const other = await connect(config.DATABASE_URL, config.DATA_DIR);
afterAll(() => other.destroy());

const versionSeenByOther = async () => {
  const row = await other.selectFrom('data_version').select(['epoch', 'version']).executeTakeFirstOrThrow();
  return `${row.epoch}.${row.version}`;
};

const member = (username: string) => ({
  id: crypto.randomUUID(),
  username,
  username_key: username,
  email: `${username}@example.ie`,
  fullname: 'Version Test',
  bio: '',
  qualifications: '[]',
  identity_uid: null,
  created_at: nowIso(),
  updated_at: nowIso(),
});

test('a write to what public pages show changes the version when it commits, for every connection', async () => {
  const before = await readDataVersion();
  let inside = '';
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(member('version_one')).execute();
    await trx.updateTable('users').set({ bio: 'Hello' }).where('username', '=', 'version_one').execute();
    inside = await versionSeenByOther();
  });
  expect(inside).toBe(before);
  const after = await versionSeenByOther();
  expect(after).not.toBe(before);
  expect(await readDataVersion()).toBe(after);

  await db.deleteFrom('users').where('username', '=', 'version_one').execute();
  expect(await readDataVersion()).not.toBe(after);
});

test('a write that rolls back, or to sessions and rate limits, leaves the version alone', async () => {
  const before = await readDataVersion();
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(member('version_two')).execute();
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await db
    .insertInto('rate_limits')
    .values({ key: `version-${crypto.randomUUID()}`, count: 1, window_ends_at: nowIso() })
    .execute();
  expect(await readDataVersion()).toBe(before);
});
