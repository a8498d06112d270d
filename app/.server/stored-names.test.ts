// Names stored before the file-name rule covered invisible characters and dot-only names, on the
// real store (SQLite, and PostgreSQL in the second unit run): the data export's ZIP paths and the
// post's file link use the safe name.
import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { ownDatabase } from '../../tests/support/own-database';
import { newMember, storedAsset } from '../../tests/support/store-fixtures';
import { postsByUsername } from './store/posts';
import { memberData } from './data-export';
import { nowIso } from '~/lib/dates';

const db = await ownDatabase('names');

const storedAs = (filename: string, owner: string) => storedAsset(db, { owner, filename, image: false });

test('an old avatar named ".." and an attachment with U+202E get safe names in the export and on the post', async () => {
  const { id: memberId, username } = await newMember(db, 'old', { fullname: 'Old Files' });
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
