// The `profile` group against a small real backend: images by id (unchanged ones as they are), a
// username the backend refuses, and the local copy refreshed after a save.
import crypto from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { db } from '../db';
import { remoteUploads } from './remote-assets';
import { memberCopy } from './remote-member-copy';
import { remoteMembers } from './remote-members';
import { remoteProfile } from './remote-profile';

const remote = useRemoteBackend();
const profile = () =>
  remoteProfile(
    remote.http,
    remoteMembers(remote.http),
    remoteUploads(remote.http),
    memberCopy(remote.http, db),
  );
const input = { username: 'sam', fullname: 'Sam Byrne', bio: 'Makes things', qualifications: ['Lathe'] };
const caller = { id: 'no-copy-here', username: 'sam', token: 'id-token' };
const updates = () =>
  remote.backend.received
    .filter((request) => request.url === '/api/page/profile/update_profile')
    .map((request) => ({ token: request.headers.authorization, json: JSON.parse(request.body) as unknown }));

it('sends the profile with the token, a new image’s id and the unchanged image’s current id', async () => {
  remote.backend.answer('GET /api/page/generic/get_members', {
    json: [{ username: 'Sam', avatar: { id: 'old-avatar' }, banner: 'old-banner' }],
  });
  remote.backend.answer('POST /api/page/profile/update_profile', { json: {} });
  expect(await profile().update(caller, input, { avatar: 'new-avatar', banner: null })).toBe('saved');
  expect(await profile().update(caller, input, { avatar: 'a', banner: 'b' })).toBe('saved');
  expect(updates()).toEqual([
    { token: 'Bearer id-token', json: { ...input, avatar_id: 'new-avatar', banner_id: 'old-banner' } },
    { token: 'Bearer id-token', json: { ...input, avatar_id: 'a', banner_id: 'b' } },
  ]);
  // Both ids given: the member list is not read.
  expect(remote.backend.received.filter((request) => request.url.includes('get_members'))).toHaveLength(1);
  expect(await profile().renamed('sam')).toBeNull();
});

it('a username the backend refuses is username-taken; other refusals pass on', async () => {
  remote.backend.answer('POST /api/page/profile/update_profile', {
    status: 422,
    json: { error: { fields: { username: ['Username already taken'] } } },
  });
  const images = { avatar: 'a', banner: 'b' };
  expect(await profile().update(caller, input, images)).toBe('username-taken');
  remote.backend.answer('POST /api/page/profile/update_profile', {
    status: 422,
    json: { error: { fields: { fullname: ['Too long'] } } },
  });
  await expect(profile().update(caller, input, images)).rejects.toMatchObject({ field: 'fullname' });
});

it('after a save the local copy is refreshed; a failed refresh is logged and the save still counts', async () => {
  const uid = `uid-${crypto.randomBytes(3).toString('hex')}`;
  const name = `sam${crypto.randomBytes(3).toString('hex')}`;
  remote.backend.answer('GET /api/auth/verify', { json: { username: name } });
  const made = await memberCopy(remote.http, db).verify({ uid, email: `${name}@example.ie` }, 'id-token');
  const me = { id: made!.id, username: name, token: 'id-token' };
  remote.backend.answer('POST /api/page/profile/update_profile', { json: {} });
  remote.backend.answer('GET /api/auth/verify', { json: { username: `${name}2` } });
  await profile().update(me, { ...input, username: `${name}2` }, { avatar: 'a', banner: 'b' });
  const copy = () => db.selectFrom('users').select('username').where('id', '=', made!.id).executeTakeFirst();
  expect(await copy()).toEqual({ username: `${name}2` });
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  remote.backend.answer('GET /api/auth/verify', { status: 500, json: {} });
  expect(await profile().update(me, input, { avatar: 'a', banner: 'b' })).toBe('saved');
  expect(log.mock.calls).toEqual([
    ['API verify after update_profile failed:', 'API request failed with status 500'],
  ]);
});
