// The `accounts` group against a small real backend: the validate calls, sign-up with the images that
// waited here, the backend's invite refusals as InviteError, and the member behind an account.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { originalPath, prepareAsset } from '../assets';
import { db } from '../db';
import { InviteError } from './accounts';
import { remoteAccounts } from './remote-accounts';
import { remoteUploads } from './remote-assets';
import { memberCopy } from './remote-member-copy';

const remote = useRemoteBackend();
const accounts = () =>
  remoteAccounts(remote.http, remoteUploads(remote.http), memberCopy(remote.http, db), db);
const signUp = {
  uid: 'uid-new',
  email: 'new@example.ie',
  username: 'newbie',
  fullname: 'New Member',
  bio: 'Hi',
  qualifications: ['Laser'],
  avatarId: null,
  bannerId: null,
  inviteKey: 'KEY',
  token: 'new-token',
};

describe('taken', () => {
  it('a count above 0 from the validate call means taken', async () => {
    remote.backend.answer('GET /api/auth/email/validate/a%40example.ie', { json: { count: 1 } });
    remote.backend.answer('GET /api/auth/username/validate/sam', { json: { data: { count: 0 } } });
    expect(await accounts().emailTaken('a@example.ie')).toBe(true);
    expect(await accounts().usernameTaken('sam')).toBe(false);
    expect(await accounts().inviteState('anything')).toBe('ok');
  });
});

/** A file uploaded before sign-up, waiting in this store; `backendId` is what the backend will call it. */
async function waitingUpload(backendId: string) {
  const asset = await prepareAsset({
    bytes: Buffer.from('me'),
    filename: 'me.txt',
    ownerId: null,
    kind: 'file',
  });
  await db.insertInto('assets').values(asset.row).execute();
  remote.backend.answer('POST /api/assets/upload/me.txt', { json: { id: backendId } });
  return asset.row.id;
}
const storedRow = (id: string) =>
  db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst();

describe('signUp', () => {
  it('uploads the images that waited here with the new token, sends the form, then drops the local images', async () => {
    const waiting = await waitingUpload('up-1');
    expect(fs.existsSync(originalPath(waiting))).toBe(true);
    remote.backend.answer('POST /api/auth/signup', { json: { username: 'newbie' } });
    expect(await accounts().signUp({ ...signUp, avatarId: waiting })).toBe('newbie');
    const [upload, form] = remote.backend.received;
    expect(upload.headers.authorization).toBe('Bearer new-token');
    expect(form.headers.authorization).toBe('Bearer new-token');
    expect(JSON.parse(form.body)).toEqual({
      email: 'new@example.ie',
      username: 'newbie',
      fullname: 'New Member',
      invite_key: 'KEY',
      description: 'Hi',
      qualifications: ['Laser'],
      avatar_id: 'up-1',
      banner_id: null,
    });
    expect(await storedRow(waiting)).toBeUndefined();
    expect(fs.existsSync(originalPath(waiting))).toBe(false);
  });

  it('the backend’s invite-key text is our InviteError; the waiting images stay for a retry', async () => {
    const waiting = await waitingUpload('up-2');
    for (const [text, state] of [
      ['This invite key has already been used', 'used'],
      ['Some other words', 'unknown'],
    ]) {
      remote.backend.answer('POST /api/auth/signup', {
        status: 422,
        json: { error: { fields: { invite_key: [text] } } },
      });
      const error = await accounts()
        .signUp({ ...signUp, avatarId: waiting })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(InviteError);
      expect(error).toMatchObject({ state });
    }
    expect(await storedRow(waiting)).toBeTruthy();
    remote.backend.answer('POST /api/auth/signup', {
      status: 422,
      json: { error: { fields: { username: ['Username already taken'] } } },
    });
    await expect(accounts().signUp(signUp)).rejects.toMatchObject({ field: 'username' });
    await expect(accounts().signUp({ ...signUp, token: null })).rejects.toThrow(
      /needs the new account’s ID token/,
    );
  });
});

describe('memberForIdentity', () => {
  it('with tokens asks the backend; without, answers from the members who signed in here', async () => {
    const uid = `uid-${crypto.randomBytes(3).toString('hex')}`;
    const username = `m${crypto.randomBytes(3).toString('hex')}`;
    const tokens = { idToken: 'tok', refreshToken: 'r', expiresAt: new Date() };
    const account = { uid, email: `${username}@example.ie`, emailVerified: true };
    expect(await accounts().memberForIdentity(account)).toBeUndefined();
    remote.backend.answer('GET /api/auth/verify', { json: { username } });
    const member = await accounts().memberForIdentity({ ...account, tokens });
    expect(member).toMatchObject({ username });
    expect(remote.backend.received[0].headers.authorization).toBe('Bearer tok');
    expect(await accounts().memberForIdentity(account)).toEqual(member);
    expect(await accounts().memberByEmail(account.email)).toMatchObject({ id: member!.id });
  });
});
