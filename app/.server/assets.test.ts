import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import {
  AssetError,
  deleteAsset,
  findStoredFile,
  prepareAsset,
  sniffMimeType,
  type StoredFile,
} from './assets';
import { db } from './db';

afterAll(() => db.destroy());

/** The bytes a stored file sends. */
async function bytesOf(file: StoredFile | null) {
  return Buffer.from(await new Response(file!.open()).arrayBuffer());
}

test('the type comes from the bytes, not the name', async () => {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#c2410c' } });
  for (const format of ['jpeg', 'png', 'gif', 'webp'] as const)
    expect(await sniffMimeType(await image.clone().toFormat(format).toBuffer())).toBe(`image/${format}`);
  expect(await sniffMimeType(Buffer.from('%PDF-1.7\n%...'))).toBe('application/pdf');
  expect(await sniffMimeType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe('text/plain');
  expect(await sniffMimeType(Buffer.from('part,qty\n'))).toBe('text/plain');
  expect(await sniffMimeType(new Uint8Array([0, 1, 2, 3, 0xfe]))).toBe('application/octet-stream');
});

test('images are re-encoded without metadata and get WebP variants', async () => {
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c2410c' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-serial' } } })
    .jpeg()
    .toBuffer();
  expect(png.includes('secret-camera-serial')).toBe(true);
  const asset = await prepareAsset({
    bytes: png,
    filename: '../../etc/photo.jpg',
    ownerId: null,
    kind: 'image',
  });
  await db.insertInto('assets').values(asset.row).execute();
  expect(asset.row.filename).toBe('photo.jpg');
  expect(asset.row.mime_type).toBe('image/jpeg');
  expect(JSON.parse(asset.row.variants)).toEqual([96, 170, 340, 640, 800]);
  const original = await findStoredFile(db, asset.row.id);
  expect((await bytesOf(original)).includes('secret-camera-serial')).toBe(false);
  const variant = await findStoredFile(db, asset.row.id, 300);
  expect(variant).toMatchObject({ mimeType: 'image/webp', isImage: true });
  expect((await sharp(await bytesOf(variant)).metadata()).width).toBe(340);
  await deleteAsset(db, asset.row.id);
  expect(await findStoredFile(db, asset.row.id)).toBeNull();
});

test('attachments keep their original bytes; image attachments get previews beside them', async () => {
  const photo = await sharp({ create: { width: 700, height: 300, channels: 3, background: '#0f766e' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'kept-as-uploaded' } } })
    .jpeg()
    .toBuffer();
  // An upload streamed to a temp file is moved into the store, not copied.
  const temp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-')), 'part');
  fs.writeFileSync(temp, photo);
  const asset = await prepareAsset({ path: temp, filename: 'bench.jpg', ownerId: null, kind: 'file' });
  await db.insertInto('assets').values(asset.row).execute();
  expect(fs.existsSync(temp)).toBe(false);
  const original = await findStoredFile(db, asset.row.id);
  expect((await bytesOf(original)).equals(photo)).toBe(true);
  expect(asset.row).toMatchObject({
    mime_type: 'image/jpeg',
    size: photo.byteLength,
    width: 700,
    height: 300,
  });
  expect(JSON.parse(asset.row.variants)).toEqual([96, 170, 340, 640, 700]);

  // Bytes that start like a PNG but do not decode are kept, as a download only.
  const broken = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 7),
  ]);
  const kept = await prepareAsset({ bytes: broken, filename: 'scan.png', ownerId: null, kind: 'file' });
  expect(kept.row).toMatchObject({ mime_type: 'application/octet-stream', variants: '[]', width: null });
  kept.discard();
  await deleteAsset(db, asset.row.id);
});

test('a file that only claims to be an image is refused, and nothing is left on disk', async () => {
  await expect(
    prepareAsset({
      bytes: Buffer.from('<html>not an image</html>'),
      filename: 'cat.png',
      ownerId: null,
      kind: 'image',
    }),
  ).rejects.toThrow(AssetError);
});

test('unknown or malformed ids find nothing', async () => {
  expect(await findStoredFile(db, '../../etc/passwd')).toBeNull();
  expect(await findStoredFile(db, '0'.repeat(32))).toBeNull();
});

test('stored names lose direction overrides and invisible characters; dot-only names become "file"', async () => {
  const named = async (filename: string) => {
    const asset = await prepareAsset({
      bytes: Buffer.from('notes\n'),
      filename,
      ownerId: null,
      kind: 'file',
    });
    asset.discard();
    return asset.row.filename;
  };
  // U+202E shows 'inv\u202efdp.exe' as 'invexe.pdf'.
  expect(await named('inv\u202efdp.exe')).toBe('invfdp.exe');
  expect(await named('\u2066report\u2069\u200b.pdf\ufeff')).toBe('report.pdf');
  expect(await named('a\u00adb\u200fc\u061c.txt')).toBe('abc.txt');
  for (const dots of ['.', '..', '...', ' .. ', '\u202e..', 'x/..']) expect(await named(dots)).toBe('file');
  expect(await named('résumé .pdf')).toBe('résumé .pdf');
  expect(await named('.gitignore')).toBe('.gitignore');
});
