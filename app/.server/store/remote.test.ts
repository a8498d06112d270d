// The backend client against a small real HTTP server that answers the way other
// backends do (numeric ids, `data` envelopes, Directus file fields) and the ways they fail.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareAsset } from '../assets';
import { db } from '../db';
import { ApiError, NO_ASSET_ID } from '~/lib/models';
import { remoteStore } from './remote';

type Answer = { status?: number; json?: unknown; body?: string; headers?: Record<string, string> };
const answers = new Map<string, (request: http.IncomingMessage) => Answer>();
const server = http.createServer((request, response) => {
  const answer = answers.get(`${request.method} ${request.url}`)?.(request) ?? { status: 404, json: {} };
  request.resume();
  response.writeHead(answer.status ?? 200, {
    'Content-Type': answer.body !== undefined ? 'image/png' : 'application/json',
    ...answer.headers,
  });
  response.end(answer.body ?? JSON.stringify(answer.json));
});
let store: ReturnType<typeof remoteStore>;
const caller = { id: 'local-id', username: 'sam', token: 'id-token' };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  store = remoteStore(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, db, 2000);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  answers.clear();
  vi.restoreAllMocks();
});

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
    answers.set('GET /api/page/generic/get_members', () => ({
      json: {
        data: [
          {
            username: 'Sam',
            fullname: null,
            qualifications: null,
            avatar: 17,
            posts: [directusPost],
          },
        ],
      },
    }));
    answers.set('POST /api/page/posts/get_by_user', () => ({
      json: {
        posts: [directusPost],
      },
    }));
    const [member] = await store.members.list();
    expect(member).toMatchObject({
      username: 'Sam',
      fullname: 'Sam',
      qualifications: [],
      avatar: { id: '17' },
    });
    const post = await store.posts.byUsernameAndSlug('sam', 'scan');
    expect(post).toMatchObject({
      id: '5',
      starred: true,
      file: { id: '9', name: 'a.stl', mime_type: 'model/stl' },
      author: { username: 'Sam' },
    });
  });

  it('an answer that does not fit is one log line naming the call and field, and a 502', async () => {
    answers.set('GET /api/page/generic/get_projects', () => ({ json: { results: [{ id: 1, slug: 'x' }] } }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(store.projects.list()).rejects.toMatchObject({ status: 502 });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/get_projects.*\[0\]\.name: Required/);
  });

  it('401 and 429 are logged as unauthorized and rate limit exceeded, and fail with their status', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answers.set('POST /api/page/posts/delete', () => ({ status: 401, json: { error: 'expired' } }));
    await expect(store.ownPosts.remove(caller, '5')).rejects.toMatchObject({
      status: 401,
      message: 'API request failed with status 401',
    });
    answers.set('POST /api/page/posts/delete', () => ({ status: 429, body: 'slow down' }));
    await expect(store.ownPosts.remove(caller, '5')).rejects.toBeInstanceOf(ApiError);
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'API delete: unauthorized (401)',
      'API delete: rate limit exceeded (429)',
    ]);
    answers.set('POST /api/page/posts/delete', () => ({ status: 404, json: {} }));
    expect(await store.ownPosts.remove(caller, '5')).toBe(false);
  });

  it("an upload answer without an id is docs/product.md §8's error, and the local copy goes", async () => {
    answers.set('POST /api/assets/upload/notes.txt', (request) => {
      expect(request.headers.authorization).toBe('Bearer id-token');
      return { json: { ok: true } };
    });
    const asset = await prepareAsset({
      bytes: Buffer.from('hello'),
      filename: 'notes.txt',
      ownerId: null,
      kind: 'file',
    });
    await expect(
      store.ownPosts.insert(caller, { title: 'T', content: '', starred: false }, asset),
    ).rejects.toThrow(NO_ASSET_ID);
    expect(fs.existsSync(asset.path)).toBe(false);
  });

  it('streams a file with its ETag and passes 304 through', async () => {
    answers.set('GET /api/assets/42', (request) =>
      request.headers['if-none-match'] === '"v1"'
        ? { status: 304, body: '' }
        : { body: 'PNGBYTES', headers: { ETag: '"v1"', 'Content-Disposition': 'inline; filename="me.png"' } },
    );
    const file = await store.assets.file('42');
    expect(file).toMatchObject({ mimeType: 'image/png', filename: 'me.png', etag: '"v1"', isImage: true });
    expect(await new Response((file as { open(): ReadableStream }).open()).text()).toBe('PNGBYTES');
    expect(await store.assets.file('42', undefined, '"v1"')).toBe('not-modified');
    expect(await store.assets.file('../etc/passwd')).toBeNull();
  });
});
