import { expect, test } from 'vitest';
import { memberCard, withPostList } from './display';
import type { Member } from './models';

const member: Member = {
  username: 'Niamh_K',
  fullname: 'Niamh Kelly',
  bio: 'I make sensors.',
  qualifications: ['Electronics Engineer'],
  avatar: { id: 'a'.repeat(32) },
  banner: { id: 'b'.repeat(32) },
  posts: [
    {
      id: '7',
      slug: 'tide-gauge',
      title: 'Tide gauge',
      content: 'A long text '.repeat(500),
      starred: true,
      created_at: '2026-11-01T10:00:00.000Z',
      file: { id: 'c'.repeat(32), name: 'gauge.pdf', mime_type: 'application/pdf' },
    },
  ],
};

test('a member card carries what it shows: no banner, no post text, no files', () => {
  const card = memberCard(member);
  expect(card).not.toHaveProperty('banner');
  expect(card.posts).toEqual([{ slug: 'tide-gauge', title: 'Tide gauge', starred: true, day: '2026-11-01' }]);
  expect(JSON.stringify(card)).not.toContain('A long text');
});

test('a post list keeps everything a row shows but the text', () => {
  const listed = withPostList(member);
  expect(listed.banner).toEqual(member.banner);
  expect(listed.posts[0]).not.toHaveProperty('content');
  expect(listed.posts[0].file?.name).toBe('gauge.pdf');
});
