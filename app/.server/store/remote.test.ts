// The assembled backend client (remoteStore) against a small real HTTP server that answers the way
// other backends do (numeric ids, `data` envelopes, Directus file fields) and the ways they fail.
// Each group of calls has its own test beside its module (remote-*.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { db } from '../db';
import { remoteStore } from './remote';

const remote = useRemoteBackend();
const store = () => remoteStore(remote.base, db, 2000);

/** A post as a Directus-like backend answers it: numeric ids, its own file fields, 0/1 flags. */
const directusPost = {
  id: 5,
  slug: 'scan',
  title: 'Scan',
  starred: 1,
  file: { id: 9, filename_download: 'a.stl', type: 'model/stl' },
};

describe('a backend with other habits', () => {
  it('reads numeric ids, `data` lists and Directus file fields into the site models', async () => {
    remote.backend.answer('GET /api/page/generic/get_members', {
      json: {
        data: [{ username: 'Sam', fullname: null, qualifications: null, avatar: 17, posts: [directusPost] }],
      },
    });
    remote.backend.answer('POST /api/page/posts/get_by_user', { json: { posts: [directusPost] } });
    const [member] = await store().members.list();
    expect(member).toMatchObject({
      username: 'Sam',
      fullname: 'Sam',
      qualifications: [],
      avatar: { id: '17' },
    });
    const post = await store().posts.byUsernameAndSlug('sam', 'scan');
    expect(post).toMatchObject({
      id: '5',
      starred: true,
      file: { id: '9', name: 'a.stl', mime_type: 'model/stl' },
      author: { username: 'Sam' },
    });
  });

  it('an answer that does not fit is one log line naming the call and field, and a 502', async () => {
    remote.backend.answer('GET /api/page/generic/get_projects', {
      json: { results: [{ id: 1, slug: 'x' }] },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(store().projects.list()).rejects.toMatchObject({ status: 502 });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/get_projects.*\[0\]\.name: Required/);
  });
});

it('is healthy while the backend answers get_projects', async () => {
  remote.backend.answer('GET /api/page/generic/get_projects', { json: [] });
  expect(await store().healthy()).toBe(true);
  remote.backend.answer('GET /api/page/generic/get_projects', { status: 500, json: {} });
  expect(await store().healthy()).toBe(false);
});
