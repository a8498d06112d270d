// Both file stores keep the same contract: disk under a folder, and a real S3-compatible server
// (s3rver on loopback) speaking signed S3 HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3, storeOf, type S3Server } from '../../tests/support/s3';
import { diskStore, type FileStore } from './file-store';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-file-store-'));
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3(path.join(root, 's3'), ['assets']);
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const bucketStore = (bucket: string, secret = 'S3RVER') =>
  storeOf({ ...s3.env(bucket), S3_SECRET_ACCESS_KEY: secret }, path.join(root, 'work'));

const stores: [string, () => FileStore | Promise<FileStore>][] = [
  ['disk', () => diskStore(path.join(root, 'disk'))],
  ['s3', () => bucketStore('assets')],
];

const idA = 'ab' + '1'.repeat(30);
const idB = 'cd' + '2'.repeat(30);

describe.each(stores)('%s store', (_name, make) => {
  test('keeps work files, reads them back, lists and removes folders', async () => {
    const store = await make();
    expect(await store.available()).toBe(true);
    fs.mkdirSync(store.workDir(idA), { recursive: true });
    fs.writeFileSync(path.join(store.workDir(idA), 'original'), 'hello');
    fs.writeFileSync(path.join(store.workDir(idA), 'w160.webp'), 'small');
    await store.keep(idA);
    await store.write(idB, 'original', Readable.from([Buffer.from('streamed')]), 8);

    const read = await store.read(idA, 'original');
    expect(read?.size).toBe(5);
    expect(await text(read!.stream())).toBe('hello');
    expect(await store.read(idA, 'w320.webp')).toBeNull();

    const folders = [];
    for await (const folder of store.folders()) folders.push({ ...folder, names: folder.names.sort() });
    expect(folders.map(({ id, names }) => ({ id, names }))).toEqual([
      { id: idA, names: ['original', 'w160.webp'] },
      { id: idB, names: ['original'] },
    ]);
    expect(Date.now() - folders[0].modified.getTime()).toBeLessThan(60_000);

    await store.remove(idA);
    await store.remove(idA); // already gone: no error
    expect(await store.read(idA, 'original')).toBeNull();
    const after = [];
    for await (const folder of store.folders()) after.push(folder.id);
    expect(after).toEqual([idB]);
    await store.remove(idB);
  });
});

test('S3 with a wrong key or an unknown bucket is unavailable, and reads fail loudly', async () => {
  const wrongKey = await bucketStore('assets', 'not-the-secret');
  expect(await wrongKey.available()).toBe(false);
  await expect(wrongKey.read(idA, 'original')).rejects.toThrow(/signature/i);
  const noBucket = await bucketStore('no-such-bucket');
  expect(await noBucket.available()).toBe(false);
  // A missing bucket is not a missing file: /assets and backups must not take it for one.
  await expect(noBucket.read(idA, 'original')).rejects.toThrow(/bucket/i);
});
