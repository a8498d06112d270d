import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, expect, test } from 'vitest';
import { precompressed, publicFiles } from './static-files';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
const script = 'export const answer = 42;\n'.repeat(100);
fs.mkdirSync(path.join(root, 'build'));
fs.writeFileSync(path.join(root, 'build', 'app.js'), script);
fs.writeFileSync(path.join(root, 'build', 'app.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(root, 'build', 'app.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(root, 'plain.txt'), 'no copies');
fs.writeFileSync(path.join(root, 'build', 'notes.txt'), 'served under the build prefix only');

const app = express().use(precompressed(root)).use(express.static(root));
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// As server/index.ts mounts them: the build's directory has its own handler, so it is skipped.
const listed = express()
  .use(precompressed(root))
  .use(publicFiles(root, { maxAge: '1h', skip: ['/build'] }))
  .use((req, res) => res.status(404).send(`page ${req.path}`));
const listedServer = listed.listen(0, '127.0.0.1');
await new Promise((resolve) => listedServer.once('listening', resolve));
const listedBase = `http://127.0.0.1:${(listedServer.address() as AddressInfo).port}`;

afterAll(() => {
  server.close();
  listedServer.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The raw answer (Node's fetch would decode it). */
async function get(file: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(`${base}${file}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('the smallest copy the browser accepts, with the original type', async () => {
  const br = await get('/build/app.js?v=1', 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

  const gzip = await get('/build/app.js', 'gzip, br;q=0');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

  for (const [header, encoding] of [
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['gzip; q=0, br;q=0', undefined],
    ['gzip, deflate', 'gzip'],
    ['*', 'br'],
  ] as const)
    expect((await get('/build/app.js', header)).headers['content-encoding'], header).toBe(encoding);

  const identity = await get('/build/app.js', 'identity');
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.toString()).toBe(script);

  const plain = await get('/plain.txt', 'br');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe('no copies');
});

test("public/'s files are those listed at start: any other path goes on without a look on disk", async () => {
  // Written after the middleware listed the directory: a page's path never reaches the disk.
  fs.writeFileSync(path.join(root, 'later.txt'), 'added after start');
  fs.mkdirSync(path.join(root, 'media'), { recursive: true });
  fs.writeFileSync(path.join(root, 'media', 'late.webp'), 'x');

  const plain = await fetch(`${listedBase}/plain.txt`);
  expect(plain.status).toBe(200);
  expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');
  expect(await plain.text()).toBe('no copies');
  for (const page of [
    '/later.txt',
    '/media/late.webp',
    '/media',
    '/members',
    '/build/notes.txt',
    '/%E0%A4%A',
  ])
    expect(await (await fetch(`${listedBase}${page}`)).text(), page).toMatch(/^page /);
});
