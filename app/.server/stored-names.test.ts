// Names stored before the file-name rule covered invisible characters and dot-only names, on the
// real store (SQLite, and PostgreSQL in the second unit run): the data export's ZIP paths and the
// post's file link use the safe name.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { ownDatabase } from '../../tests/support/own-database';
import { createMember } from './api/accounts';
import { createInvite } from './api/invites';
import { postsByUsername } from './api/posts';
import { memberData } from './data-export';
import { nowIso } from '~/lib/time';

const db = await ownDatabase('names');

async function storedAs(filename: string, ownerId: string) {
  const id = crypto.randomBytes(16).toString('hex');
  await db
    .insertInto('assets')
    .values({
      id,
      owner_id: ownerId,
      filename,
      mime_type: 'application/octet-stream',
      size: 1,
      sha256: id,
      width: null,
      height: null,
      variants: '[]',
      created_at: nowIso(),
    })
    .execute();
  return id;
}

test('an old avatar named ".." and an attachment with U+202E get safe names in the export and on the post', async () => {
  const username = `old_${crypto.randomBytes(3).toString('hex')}`;
  const memberId = await createMember(db, {
    uid: crypto.randomUUID(),
    email: `${username}@example.ie`,
    username,
    fullname: 'Old Files',
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
    inviteKey: await createInvite(db, {}, 'cli'),
  });
  const avatar = await storedAs('..', memberId);
  const attachment = await storedAs('inv\u202efdp.exe', memberId);
  await db.updateTable('users').set({ avatar_id: avatar }).where('id', '=', memberId).execute();
  await db
    .insertInto('posts')
    .values({
      id: crypto.randomBytes(8).toString('hex'),
      user_id: memberId,
      slug: 'plans',
      title: 'Plans',
      content: '',
      starred: 0,
      file_id: attachment,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();

  const data = await memberData(db, memberId, 'https://makerspace.example');
  expect(data!.files.map((file) => file.path)).toEqual(['files/avatar/file', 'files/posts/plans/invfdp.exe']);
  expect(data!.profile.avatar).toBe('files/avatar/file');
  const [post] = await postsByUsername(db, username);
  expect(post.file?.name).toBe('invfdp.exe');
});
