// The `pages` group against a small real backend: the site filters and pages the whole lists a
// backend answers.
import { expect, it } from 'vitest';
import { PAGE_SIZE } from '~/lib/pagination';
import { useRemoteBackend } from '../../../tests/support/backend';
import { remoteMembers } from './remote-members';
import { remotePages } from './remote-pages';

const remote = useRemoteBackend();
const pages = () => remotePages(remoteMembers(remote.http));

it('the directory is the members matching the query, one page at a time', async () => {
  const members = Array.from({ length: PAGE_SIZE + 2 }, (_, i) => ({ username: `maker${i}` }));
  remote.backend.answer('GET /api/page/generic/get_members', {
    json: [...members, { username: 'weaver', fullname: 'Aoife Weaver' }],
  });
  const first = await pages().directory('', 1);
  expect(first).toMatchObject({ page: 1, pages: 2, total: PAGE_SIZE + 3 });
  expect(first.members).toHaveLength(PAGE_SIZE);
  expect((await pages().directory('', 9)).page).toBe(2);
  const found = await pages().directory('aoife', 1);
  expect(found.members.map((member) => member.username)).toEqual(['weaver']);
});

it('a member’s posts are paged; an unknown member is null', async () => {
  const posts = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({ id: i, slug: `p${i}`, title: `P${i}` }));
  remote.backend.answer('GET /api/page/generic/get_members', { json: [{ username: 'Sam', posts }] });
  const second = await pages().memberPosts('sam', 2);
  expect(second).toMatchObject({ page: 2, pages: 2, total: PAGE_SIZE + 1, member: { username: 'Sam' } });
  expect(second?.posts.map((post) => post.slug)).toEqual([`p${PAGE_SIZE}`]);
  expect(second?.member).not.toHaveProperty('posts');
  expect(await pages().memberPosts('nobody', 1)).toBeNull();
});
