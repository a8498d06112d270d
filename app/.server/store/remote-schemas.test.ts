import { describe, expect, it } from 'vitest';
import {
  firstIssue,
  RemoteCount,
  RemoteMembers,
  RemotePosts,
  RemoteProjects,
  RemoteUpload,
  RemoteVerifiedUser,
} from './remote-schemas';

const ourPost = {
  id: 'p1',
  slug: 'jig',
  title: 'Jig',
  content: 'Body',
  starred: true,
  created_at: '2026-01-02T03:04:05.000Z',
  file: { id: 'f1', name: 'plan.pdf', mime_type: 'application/pdf' },
};

describe('answers of an upstream backend', () => {
  it('reads our own /api shapes unchanged', () => {
    const members = RemoteMembers.parse({
      results: [
        {
          username: 'aoife',
          fullname: 'Aoife',
          bio: 'b',
          qualifications: ['PhD'],
          avatar: { id: 'a1' },
          banner: null,
          posts: [ourPost],
        },
      ],
    });
    expect(members[0]).toEqual({
      username: 'aoife',
      fullname: 'Aoife',
      bio: 'b',
      qualifications: ['PhD'],
      avatar: { id: 'a1' },
      banner: null,
      posts: [ourPost],
    });
  });

  it('takes numeric ids, `data` lists, Directus file fields and 0/1 flags', () => {
    const posts = RemotePosts.parse({
      data: [
        {
          id: 42,
          slug: 'x',
          title: null,
          starred: 1,
          file: { id: 7, filename_download: 'scan.png', type: 'image/png' },
        },
      ],
    });
    expect(posts[0]).toEqual({
      id: '42',
      slug: 'x',
      title: '',
      content: '',
      starred: true,
      created_at: '',
      file: { id: '7', name: 'scan.png', mime_type: 'image/png' },
    });
  });

  it('fills missing optional fields and drops blank qualifications', () => {
    const [member] = RemoteMembers.parse([
      { username: 'sam', qualifications: ['', 'MSc', null], avatar: 'a9' },
    ]);
    expect(member).toEqual({
      username: 'sam',
      fullname: 'sam',
      bio: '',
      qualifications: ['MSc'],
      avatar: { id: 'a9' },
      banner: null,
      posts: [],
    });
    expect(RemotePosts.parse({})).toEqual([]);
    expect(RemotePosts.parse({ posts: null })).toEqual([]);
  });

  it('reads projects with or without slugs and teams', () => {
    const [project] = RemoteProjects.parse({
      results: [
        {
          id: 3,
          name: 'Kelp',
          featured: 0,
          tags: ['bio'],
          members: [{ role: 'CTO', user: { username: 'sam' } }],
        },
      ],
    });
    expect(project).toMatchObject({
      id: '3',
      slug: '3',
      featured: false,
      members: [{ role: 'CTO', user: { username: 'sam', fullname: '', avatar: null } }],
    });
  });

  it('drops a project website that is not http or https: it would be rendered in href', () => {
    const read = (url: unknown) => RemoteProjects.parse([{ id: 1, name: 'Kelp', url }])[0].url;
    expect(read('javascript:alert(1)')).toBe('');
    expect(read(' data:text/html,<b>x</b>')).toBe('');
    expect(read('https://kelp.example')).toBe('https://kelp.example');
    expect(read(null)).toBe('');
  });

  it('unwraps `data` envelopes for single objects', () => {
    expect(RemoteVerifiedUser.parse({ data: { username: 'sam' } }).username).toBe('sam');
    expect(RemoteCount.parse({ count: '2' })).toBe(2);
    expect(RemoteUpload.parse({ data: { id: 12 } })).toBe('12');
    expect(RemoteUpload.parse({ ok: true })).toBeNull();
  });

  it('names the field that does not fit', () => {
    const result = RemoteMembers.safeParse({ results: [{ username: 'ok' }, { fullname: 'No username' }] });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.error)).toBe('[1].username: Required');
    const post = RemotePosts.safeParse({ posts: [{ id: true, slug: 'x' }] });
    expect(post.success).toBe(false);
  });
});
