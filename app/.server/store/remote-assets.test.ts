// The `assets` group and the uploads against a small real backend: files streamed through with their
// ETag, uploads with the member's token, and uploads before sign-up kept in this site's store.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_ASSET_ID } from '~/lib/models';
import { useRemoteBackend } from '../../../tests/support/backend';
import { prepareAsset } from '../assets';
import { db } from '../db';
import { remoteAssets, remoteUploads } from './remote-assets';

const remote = useRemoteBackend();
const caller = { id: 'local-id', username: 'sam', token: 'id-token' };
const assets = () => remoteAssets(remote.http, remoteUploads(remote.http), db);
const notes = () =>
  prepareAsset({ bytes: Buffer.from('hello'), filename: 'notes.txt', ownerId: null, kind: 'file' });

describe('file', () => {
  it('streams a file with its type, name and ETag, and passes 304 through', async () => {
    remote.backend.answer('GET /api/assets/42', (request) =>
      request.headers['if-none-match'] === '"v1"'
        ? { status: 304, body: '' }
        : { body: 'PNGBYTES', headers: { ETag: '"v1"', 'Content-Disposition': 'inline; filename="me.png"' } },
    );
    const file = await assets().file('42');
    expect(file).toMatchObject({ mimeType: 'image/png', filename: 'me.png', etag: '"v1"', isImage: true });
    expect(await new Response((file as { open(): ReadableStream }).open()).text()).toBe('PNGBYTES');
    expect(await assets().file('42', undefined, '"v1"')).toBe('not-modified');
    expect(remote.backend.received[0].headers['accept-encoding']).toBe('identity');
  });

  it('asks for a width; an unknown file or an id that is not one is null; a name that is not one is "file"', async () => {
    remote.backend.answer('GET /api/assets/7?w=480', {
      body: 'x',
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': 'attachment; filename' },
    });
    expect(await assets().file('7', 480)).toMatchObject({
      mimeType: 'text/plain',
      filename: 'file',
      isImage: false,
    });
    expect(await assets().file('8')).toBeNull();
    expect(await assets().file('../etc/passwd')).toBeNull();
    expect(remote.backend.received.map((request) => request.url)).toEqual([
      '/api/assets/7?w=480',
      '/api/assets/8',
    ]);
  });
});

describe('save', () => {
  it("uploads a member's file with their token and drops the local copy", async () => {
    remote.backend.answer('POST /api/assets/upload/notes.txt', { json: { id: 31 } });
    const asset = await notes();
    expect(await assets().save(caller, asset)).toBe('31');
    const [upload] = remote.backend.received;
    expect(upload.headers.authorization).toBe('Bearer id-token');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload.body).toContain('hello');
    expect(fs.existsSync(asset.path)).toBe(false);
  });

  it("an upload answer without an id is docs/product.md §8's error, and the local copy goes", async () => {
    remote.backend.answer('POST /api/assets/upload/notes.txt', { json: { ok: true } });
    const asset = await notes();
    await expect(assets().save(caller, asset)).rejects.toThrow(NO_ASSET_ID);
    expect(fs.existsSync(asset.path)).toBe(false);
  });

  it('an upload before sign-up waits in this store, sending nothing, until discarded', async () => {
    const asset = await notes();
    const id = await assets().save(null, asset);
    expect(remote.backend.received).toEqual([]);
    const row = () => db.selectFrom('assets').select('id').where('id', '=', id).executeTakeFirst();
    expect(await row()).toEqual({ id });
    await assets().discardUpload(id);
    expect(await row()).toBeUndefined();
  });
});
