// The directory and a member's posts, a page at a time, on the real store (SQLite, and PostgreSQL
// in the second unit run), in a database of their own so the counts are this file's.
import crypto from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import { ownDatabase } from '../../../tests/support/own-database';
import { directoryPage, memberPostsPage } from './directory';

const db = await ownDatabase('directory');

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

// 30 members joining a minute apart; member k has k posts (member 29 has 29); member 5 is hidden;
// members 10-19 are "Wetlab" people.
beforeAll(async () => {
  for (let k = 0; k < 30; k++) {
    const id = `user-${String(k).padStart(2, '0')}`;
    await db
      .insertInto('users')
      .values({
        id,
        username: `m${k}`,
        username_key: `m${k}`,
        email: `m${k}@example.ie`,
        fullname: k >= 10 && k < 20 ? `Wétlab Person ${k}` : `Person ${k}`,
        bio: '',
        qualifications: '[]',
        avatar_id: null,
        banner_id: null,
        identity_uid: null,
        created_at: at(k),
        updated_at: at(k),
        hidden: k === 5 ? 1 : 0,
      })
      .execute();
    for (let p = 0; p < k; p++)
      await db
        .insertInto('posts')
        .values({
          id: crypto.randomUUID(),
          user_id: id,
          slug: `post-${p}`,
          title: `Post ${p}`,
          content: 'text',
          starred: 0,
          file_id: null,
          created_at: at(100 + p),
          updated_at: at(100 + p),
        })
        .execute();
  }
});

test('pages of 24 in joining order, the hidden member left out, past the end is the last page', async () => {
  const first = await directoryPage(db, '', 1);
  expect(first).toMatchObject({ page: 1, pages: 2, total: 29 });
  expect(first.members.map((m) => m.username)).toEqual(
    [...Array(25).keys()].filter((k) => k !== 5).map((k) => `m${k}`),
  );
  const last = await directoryPage(db, '', 999);
  expect(last).toMatchObject({ page: 2, pages: 2, total: 29 });
  expect(last.members.map((m) => m.username)).toEqual(['m25', 'm26', 'm27', 'm28', 'm29']);
});

test('a card carries the newest six posts and the count', async () => {
  const { members } = await directoryPage(db, '', 2);
  const prolific = members.find((m) => m.username === 'm29')!;
  expect(prolific.postCount).toBe(29);
  expect(prolific.posts.map((p) => p.title)).toEqual([28, 27, 26, 25, 24, 23].map((p) => `Post ${p}`));
  expect(Object.keys(prolific.posts[0]).sort()).toEqual(['day', 'slug', 'starred', 'title']);
  const quiet = (await directoryPage(db, '', 1)).members[0];
  expect(quiet).toMatchObject({ username: 'm0', postCount: 0, posts: [] });
});

test("a card's posts of the same moment come in the same order every time", async () => {
  for (const id of ['tie-b', 'tie-a', 'tie-c'])
    await db
      .insertInto('posts')
      .values({
        id,
        user_id: 'user-27',
        slug: id,
        title: id,
        content: 'text',
        starred: 0,
        file_id: null,
        created_at: at(500),
        updated_at: at(500),
      })
      .execute();
  const { members } = await directoryPage(db, '', 2);
  expect(members.find((m) => m.username === 'm27')!.posts.map((p) => p.title)).toEqual([
    'tie-a',
    'tie-b',
    'tie-c',
    'Post 26',
    'Post 25',
    'Post 24',
  ]);
});

test('a search pages through its matches only', async () => {
  const found = await directoryPage(db, 'wetlab', 1);
  expect(found).toMatchObject({ page: 1, pages: 1, total: 10 });
  expect(found.members.map((m) => m.username)).toEqual([...Array(10).keys()].map((k) => `m${k + 10}`));
  expect(await directoryPage(db, 'nobody', 3)).toEqual({ page: 1, pages: 1, total: 0, members: [] });
});

test('a member’s posts come 24 a page, newest first', async () => {
  const first = await memberPostsPage(db, 'M29', 1);
  expect(first).toMatchObject({ page: 1, pages: 2, total: 29, member: { username: 'm29' } });
  expect(first!.posts).toHaveLength(24);
  expect(first!.posts[0].title).toBe('Post 28');
  const second = await memberPostsPage(db, 'm29', 2);
  expect(second!.posts.map((p) => p.title)).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0']);
  expect((await memberPostsPage(db, 'm29', 50))!.page).toBe(2);
  expect(await memberPostsPage(db, 'nobody', 1)).toBeNull();
  expect((await memberPostsPage(db, 'm5', 1))!.member.hidden).toBe(true);
});
