// The `posts` and `ownPosts` groups against a small real backend: a member's posts with their author,
// and the writes with the member's token, the file's id and the backend's refusals.
import { describe, expect, it } from 'vitest';
import { FieldError } from '~/lib/models';
import { useRemoteBackend } from '../../../tests/support/backend';
import { remoteUploads } from './remote-assets';
import { remoteMembers } from './remote-members';
import { remoteOwnPosts, remotePosts } from './remote-posts';

const remote = useRemoteBackend();
const caller = { id: 'local-id', username: 'sam', token: 'id-token' };
const scan = { id: 5, slug: 'scan', title: 'Scan', file: { id: 9, name: 'a.stl', mime_type: 'model/stl' } };

function groups() {
  const posts = remotePosts(remote.http, remoteMembers(remote.http));
  return { posts, ownPosts: remoteOwnPosts(remote.http, posts, remoteUploads(remote.http)) };
}

function answerSamsPosts() {
  remote.backend.answer('POST /api/page/posts/get_by_user', (request) => ({
    json: { posts: JSON.parse(request.body).username === 'sam' ? [scan] : [] },
  }));
  remote.backend.answer('GET /api/page/generic/get_members', {
    json: [{ username: 'Sam', fullname: 'Sam Byrne', avatar: 3 }],
  });
}

const sent = (call: string) =>
  remote.backend.received
    .filter((request) => request.url === `/api/page/posts/${call}`)
    .map((request) => ({ token: request.headers.authorization, json: JSON.parse(request.body) as unknown }));

describe('remotePosts', () => {
  it('a post by its author and slug comes with the author; an unknown one is null', async () => {
    answerSamsPosts();
    const { posts } = groups();
    expect(await posts.byUsernameAndSlug('sam', 'scan')).toMatchObject({
      id: '5',
      author: { username: 'Sam', fullname: 'Sam Byrne', avatar: { id: '3' } },
    });
    expect(await posts.byUsernameAndSlug('sam', 'other')).toBeNull();
    expect(await posts.byUsernameAndSlug('ana', 'scan')).toBeNull();
  });
});

describe('remoteOwnPosts', () => {
  it('finds the caller’s own post only', async () => {
    answerSamsPosts();
    const { ownPosts } = groups();
    expect(await ownPosts.find(caller, '5')).toMatchObject({ slug: 'scan' });
    expect(await ownPosts.find({ ...caller, username: 'ana' }, '5')).toBeNull();
  });

  it('inserts with the token and the file’s id; a field the backend refuses is a FieldError', async () => {
    remote.backend.answer('POST /api/page/posts/insert', { json: { data: { id: 7 } } });
    const { ownPosts } = groups();
    const input = { title: 'T', content: 'C', starred: false };
    expect(await ownPosts.insert(caller, input, '12')).toEqual({ id: '7', slug: '' });
    expect(sent('insert')).toEqual([{ token: 'Bearer id-token', json: { ...input, file_id: '12' } }]);
    remote.backend.answer('POST /api/page/posts/insert', {
      status: 422,
      json: { error: { fields: { title: ['Title is required'] } } },
    });
    const refused = await ownPosts.insert(caller, input, null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FieldError);
    expect(refused).toMatchObject({ field: 'title', message: 'Title is required' });
  });

  it('an edit keeps the post’s file unless it is removed or replaced; a post gone is false', async () => {
    answerSamsPosts();
    remote.backend.answer('POST /api/page/posts/edit', { json: {} });
    const { ownPosts } = groups();
    const input = { title: 'T', content: 'C', starred: true };
    expect(await ownPosts.update(caller, '5', { ...input, removeFile: false }, null)).toBe(true);
    expect(await ownPosts.update(caller, '5', { ...input, removeFile: true }, null)).toBe(true);
    expect(await ownPosts.update(caller, '5', { ...input, removeFile: false }, '13')).toBe(true);
    expect(sent('edit').map(({ json }) => (json as { file_id: unknown }).file_id)).toEqual(['9', null, '13']);
    expect(sent('edit')[0]).toEqual({ token: 'Bearer id-token', json: { id: '5', ...input, file_id: '9' } });
    expect(await ownPosts.update(caller, '6', { ...input, removeFile: false }, null)).toBe(false);
    remote.backend.answer('POST /api/page/posts/edit', { status: 404, json: {} });
    expect(await ownPosts.update(caller, '5', { ...input, removeFile: false }, null)).toBe(false);
  });

  it('a delete the backend does not find is false; other failures pass on', async () => {
    const { ownPosts } = groups();
    remote.backend.answer('POST /api/page/posts/delete', { json: {} });
    expect(await ownPosts.remove(caller, '5')).toBe(true);
    expect(sent('delete')).toEqual([{ token: 'Bearer id-token', json: { id: '5' } }]);
    remote.backend.answer('POST /api/page/posts/delete', { status: 404, json: {} });
    expect(await ownPosts.remove(caller, '5')).toBe(false);
    remote.backend.answer('POST /api/page/posts/delete', { status: 500, json: {} });
    await expect(ownPosts.remove(caller, '5')).rejects.toMatchObject({ status: 500 });
  });
});
