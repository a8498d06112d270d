// This site's copy of members signed in through an upstream backend, made from the backend's verify
// call against a small real backend and kept in the real store.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { db } from '../db';
import { memberCopy } from './remote-member-copy';

const remote = useRemoteBackend();
const unique = () => crypto.randomBytes(3).toString('hex');
const copyOf = (uid: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'fullname'])
    .where('identity_uid', '=', uid)
    .executeTakeFirst();

it('verify copies the backend’s member, updates the same account, and frees a name another account had', async () => {
  const copy = memberCopy(remote.http, db);
  const [first, second, name] = [`uid-${unique()}`, `uid-${unique()}`, `sam${unique()}`];
  remote.backend.answer('GET /api/auth/verify', (request) => ({
    json: {
      data: { username: name, fullname: request.headers.authorization === 'Bearer t1' ? 'Sam' : 'Sam B' },
    },
  }));
  const made = await copy.verify({ uid: first, email: `${name}@Example.ie` }, 't1');
  expect(made).toEqual({ id: expect.any(String), username: name });
  expect(await copyOf(first)).toMatchObject({ id: made!.id, email: `${name}@example.ie`, fullname: 'Sam' });
  expect(await copy.verify({ uid: first, email: `${name}@example.ie` }, 't2')).toEqual(made);
  expect(await copyOf(first)).toMatchObject({ fullname: 'Sam B' });
  // The backend now gives the name to another account: the old copy goes.
  await copy.verify({ uid: second, email: `other-${name}@example.ie` }, 't1');
  expect(await copyOf(first)).toBeUndefined();
  expect(await copyOf(second)).toMatchObject({ username: name });
});

it('no member at the backend (401, 403, 404) is no member here; other failures pass on', async () => {
  const copy = memberCopy(remote.http, db);
  for (const status of [401, 403, 404]) {
    remote.backend.answer('GET /api/auth/verify', { status, json: {} });
    expect(await copy.verify({ uid: `uid-${unique()}`, email: 'x@example.ie' }, 't')).toBeUndefined();
  }
  remote.backend.answer('GET /api/auth/verify', { status: 500, json: {} });
  await expect(copy.verify({ uid: 'u', email: 'x@example.ie' }, 't')).rejects.toMatchObject({ status: 500 });
});

it('refresh re-reads the calling member’s copy with their token', async () => {
  const copy = memberCopy(remote.http, db);
  const [uid, name] = [`uid-${unique()}`, `ana${unique()}`];
  remote.backend.answer('GET /api/auth/verify', { json: { username: name, fullname: 'Ana' } });
  const made = await copy.verify({ uid, email: `${name}@example.ie` }, 't');
  remote.backend.answer('GET /api/auth/verify', { json: { username: `${name}x`, fullname: 'Ana' } });
  await copy.refresh({ id: made!.id, username: name, token: 't' });
  expect(await copyOf(uid)).toMatchObject({ id: made!.id, username: `${name}x` });
  remote.backend.reset();
  await copy.refresh({ id: made!.id, username: name, token: null });
  expect(remote.backend.received).toEqual([]);
});
