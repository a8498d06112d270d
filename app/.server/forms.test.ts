import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { config } from './config';
import { discardUploads, FORMS, isTooLarge, readForm, uploadSource } from './forms';

const uploads = () => {
  const dir = path.join(config.DATA_DIR, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const post = (body: FormData | URLSearchParams) =>
  new Request('http://localhost/profile', { method: 'POST', body });
const limits = (fileBytes: number, textBytes: number) => ({ fileBytes, textBytes, tooLarge: 'Too large.' });

test('uploads are streamed to temp files and removed by discardUploads', async () => {
  const before = uploads().length;
  const form = new FormData();
  form.append('bio', 'Hello');
  form.append('avatar', new File([Buffer.alloc(300_000, 1)], 'me.png', { type: 'image/png' }));
  const formData = (await readForm(post(form), limits(1024 * 1024, 1024)))!;
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
  form.append('title', 'Kept');
  form.append('attachment', new File([Buffer.alloc(200_000, 1)], 'big.bin'));
  const formData = (await readForm(post(form), limits(100_000, 1024)))!;
  const marker = formData.get('attachment') as File;
  expect(isTooLarge(marker)).toBe(true);
  expect(marker.size).toBe(0);
  expect(formData.get('title')).toBe('Kept');
  expect(uploads().length).toBe(before);
});

test('text over the limit refuses the whole form, url-encoded or multipart, and keeps no file', async () => {
  const before = uploads().length;
  const big = 'x'.repeat(FORMS.text.textBytes + 1);
  expect(await readForm(post(new URLSearchParams({ email: big })))).toBeNull();
  const form = new FormData();
  form.append('avatar', new File([Buffer.alloc(1000, 1)], 'me.png'));
  form.append('bio', big);
  expect(await readForm(post(form), limits(1024 * 1024, FORMS.text.textBytes))).toBeNull();
  expect(uploads().length).toBe(before);
});

test('a form without files drops file parts and reads its fields', async () => {
  const form = new FormData();
  form.append('email', 'a@b.ie');
  form.append('sneaky', new File([Buffer.alloc(5000, 1)], 'x.bin'));
  const formData = (await readForm(post(form)))!;
  expect(formData.get('email')).toBe('a@b.ie');
  expect(formData.has('sneaky')).toBe(false);
});
