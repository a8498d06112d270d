import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from 'vitest';
import { files, prepareAsset } from './assets';
import { zipStream } from './data-export';

/** How many of this process's open files are in `dir`. */
const openFilesIn = (dir: string) =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

test('a download that is cancelled half way closes the file it was copying', async () => {
  const asset = await prepareAsset({
    bytes: crypto.randomBytes(8 * 1024 * 1024),
    filename: 'big.bin',
    ownerId: null,
    kind: 'file',
  });
  const dir = files.workDir(asset.row.id);
  const archive = {
    username: 'ada',
    profile: {},
    posts: [],
    files: [{ path: 'files/big.bin', assetId: asset.row.id }],
  };
  const out = await zipStream(archive as unknown as Parameters<typeof zipStream>[0]);
  // The first bytes of the file are in the archive, then the reader stops reading and leaves.
  let read = 0;
  for await (const chunk of out) if ((read += (chunk as Buffer).length) > 1024 * 1024) break;
  expect(openFilesIn(dir)).toBe(1);
  await expect.poll(() => openFilesIn(dir), { timeout: 2000 }).toBe(0);
  asset.discard();
});

test('the archive holds bookings.json and credits.json beside the profile and posts, and the README names them', async () => {
  const bookings = {
    bookings: [{ resource: 'Prusa MK4', note: 'Drone arms', status: 'cancelled' }],
    inductions: [],
    induction_requests: [],
  };
  const credits = {
    lots: [
      {
        credit: 'GPU tokens',
        source: 'grant',
        amount: 10,
        reason: 'Founders',
        entries: [
          { kind: 'hold', amount: 6, booking_id: 'b1', about: 'GPU workstation, Tuesday 1 December' },
        ],
      },
    ],
  };
  const archive = { username: 'ada', profile: {}, posts: [], bookings, credits, files: [] };
  const out = await zipStream(archive as unknown as Parameters<typeof zipStream>[0]);
  const chunks: Buffer[] = [];
  for await (const chunk of out) chunks.push(chunk as Buffer);
  const { unzipSync, strFromU8 } = await import('fflate');
  const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  expect(Object.keys(entries).sort()).toEqual([
    'README.txt',
    'bookings.json',
    'credits.json',
    'posts.json',
    'profile.json',
  ]);
  expect(JSON.parse(strFromU8(entries['bookings.json']!))).toEqual(bookings);
  expect(JSON.parse(strFromU8(entries['credits.json']!))).toEqual(credits);
  expect(strFromU8(entries['README.txt']!)).toContain('bookings.json');
  expect(strFromU8(entries['README.txt']!)).toContain('credits.json');
});
