import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { config } from './config';
import { discardUploads, isTooLarge, readMultipart, uploadSource } from './forms';

const uploads = () => {
  const dir = path.join(config.DATA_DIR, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function multipart(parts: FormData) {
  return new Request('http://localhost/profile', { method: 'POST', body: parts });
}

test('uploads are streamed to temp files and removed by discardUploads', async () => {
  const before = uploads().length;
  const form = new FormData();
  form.append('bio', 'Hello');
  form.append('avatar', new File([Buffer.alloc(300_000, 1)], 'me.png', { type: 'image/png' }));
  const formData = await readMultipart(multipart(form), { fileBytes: 1024 * 1024, textBytes: 1024 });
  const avatar = formData.get('avatar') as File;
  expect(formData.get('bio')).toBe('Hello');
  expect(avatar.size).toBe(300_000);
  expect(uploads().length).toBe(before + 1);
  const source = await uploadSource(avatar);
  expect('path' in source && fs.statSync(source.path).size).toBe(300_000);
  discardUploads(formData);
  expect(uploads().length).toBe(before);
});

test('a file over its limit becomes a marker and leaves nothing on disk', async () => {
  const before = uploads().length;
  const form = new FormData();
  form.append('attachment', new File([Buffer.alloc(200_000, 1)], 'big.bin'));
  const formData = await readMultipart(multipart(form), { fileBytes: 100_000, textBytes: 1024 });
  const marker = formData.get('attachment') as File;
  expect(isTooLarge(marker)).toBe(true);
  expect(marker.size).toBe(0);
  expect(uploads().length).toBe(before);
});
