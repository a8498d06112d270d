// The render cache's fast path (`serve`) on a real server: a visitor's page without scripts sent
// from the cache before Express, in each encoding, and what it must leave to the slow path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, expect, test, vi } from 'vitest';
import { accessLog } from './access-log';
import { chosenEncoding, renderCache } from './render-cache';

const PAGE = `<!DOCTYPE html><p>${'Aoife Byrne, maker. '.repeat(200)}</p>`;
let server: http.Server | undefined;

afterEach(() => server?.close());

/** A site whose pages are rendered by `page` behind the cache, as server/index.ts wires it. */
async function site(page: (url: string) => { body: string; headers?: Record<string, string> }) {
  const state = { renders: 0, clock: 0, version: '1', log: [] as string[] };
  const log = accessLog({ stream: { write: (line: string) => state.log.push(line) } });
  const cache = renderCache({
    readVersion: async () => state.version,
    buildVersion: 'b1',
    now: () => state.clock,
  });
  const render = (url: string) => async () => {
    state.renders += 1;
    const { body, headers } = page(url);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'Content-Security-Policy': "script-src 'none'",
        ...headers,
      },
    });
  };
  server = http.createServer(async (req, res) => {
    log(req, res);
    const served = cache.serve(req, res);
    if (served === true || (served !== false && (await served))) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`http://lab.ie${req.url}`, { method: req.method, headers });
    const response = await cache.respond(request, render(req.url!));
    res.writeHead(response.status, [...response.headers].flat());
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A raw request (fetch would decode and add its own Accept-Encoding). */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    });
  /** Gets `path` until the fast path answers it (its variants are made off the main thread). */
  const warm = async (path: string) => {
    for (let i = 0; i < 100; i++) {
      const answer = await get(path);
      if (answer.headers['x-render-cache'] === 'hit' && answer.headers.vary === 'Accept-Encoding, Cookie')
        return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${path} never came from the fast path`);
  };
  return { state, get, warm };
}

test('gzip, brotli and no encoding give the same page, under one ETag', async () => {
  const { state, get, warm } = await site(() => ({ body: PAGE }));
  await warm('/members');
  const plain = await get('/members', { 'Accept-Encoding': 'identity' });
  const gzipped = await get('/members', { 'Accept-Encoding': 'gzip, deflate' });
  const brotlied = await get('/members', { 'Accept-Encoding': 'gzip, deflate, br' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(brotlied.headers['content-encoding']).toBe('br');
  expect(plain.body.toString()).toBe(PAGE);
  expect(zlib.gunzipSync(gzipped.body).toString()).toBe(PAGE);
  expect(zlib.brotliDecompressSync(brotlied.body).toString()).toBe(PAGE);
  expect(brotlied.body.length).toBeLessThan(PAGE.length / 10);
  for (const answer of [plain, gzipped, brotlied]) {
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(answer.headers.etag).toBe('W/"b1.1"');
    expect(answer.headers['content-security-policy']).toBe("script-src 'none'");
    expect(answer.headers['x-render-cache']).toBe('hit');
  }
  expect(state.renders).toBe(1);
  // One log line each, with the length sent (writeHead's array leaves getHeader nothing to read).
  await vi.waitFor(() =>
    expect(state.log.at(-1)).toMatch(
      new RegExp(`^GET /members 200 ${brotlied.body.length} - [\\d.]+ ms\\n$`),
    ),
  );
});

test('a matching ETag gets a 304, a HEAD the headers alone', async () => {
  const { get, warm } = await site(() => ({ body: PAGE }));
  await warm('/members');
  const notModified = await get('/members', {
    'If-None-Match': 'W/"other", W/"b1.1"',
    'Accept-Encoding': 'br',
  });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect(notModified.headers.etag).toBe('W/"b1.1"');
  expect(notModified.headers['content-type']).toBeUndefined();
  expect((await get('/members', { 'If-None-Match': 'W/"b0.1"' })).status).toBe(200);
  const head = await get('/members', { 'Accept-Encoding': 'gzip' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers['content-encoding']).toBe('gzip');
  expect(head.headers['x-render-cache']).toBe('hit');
  expect(Number(head.headers['content-length'])).toBe(zlib.gzipSync(PAGE, { level: 9 }).length);
});

test('a request with a cookie or an Authorization header is never answered from the cache', async () => {
  let who = 'a visitor';
  const { state, get, warm } = await site(() => ({ body: `${PAGE}<p>${who}</p>` }));
  await warm('/members');
  who = 'Signed in as Aoife';
  for (const headers of [
    { Cookie: '__session=abc' },
    { Cookie: '' },
    { Authorization: 'Bearer t' },
  ] as Record<string, string>[]) {
    const answer = await get('/members', headers);
    expect(answer.body.toString()).toContain('Signed in as Aoife');
    expect(answer.headers['x-render-cache']).toBeUndefined();
  }
  expect(state.renders).toBe(4);
  expect((await get('/members')).body.toString()).toContain('a visitor');
});

test('a page with scripts is left to the slow path, which gives each answer a new nonce', async () => {
  let renders = 0;
  const { state, get } = await site(() => {
    const nonce = `n${(renders += 1)}`;
    return {
      body: `${PAGE}<script nonce="${nonce}"></script>`,
      headers: { 'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'` },
    };
  });
  const answers = [];
  for (let i = 0; i < 3; i++) {
    answers.push(await get('/login'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const nonces = answers.map(
    (answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1],
  );
  expect(new Set(nonces).size).toBe(3);
  answers.forEach((answer, i) => expect(answer.body.toString()).toContain(`<script nonce="${nonces[i]}">`));
  expect(answers[2].headers['x-render-cache']).toBe('hit');
  expect(answers[2].headers.vary).toBe('Cookie');
  expect(state.renders).toBe(1);
});

test('a page past its expiry, or behind a write, is rendered again', async () => {
  const { state, get, warm } = await site(() => ({
    body: `${PAGE}${state.clock}`,
    headers: { 'X-Render-Expires': new Date(60_000).toUTCString() },
  }));
  await warm('/resources/cnc');
  state.clock = 59_000;
  expect((await get('/resources/cnc')).body.toString()).toMatch(/0$/);
  state.clock = 60_000;
  const later = await get('/resources/cnc');
  expect(later.headers['x-render-cache']).toBe('miss');
  expect(later.headers['x-render-expires']).toBeUndefined();
  expect(later.body.toString()).toMatch(/60000$/);
  expect(state.renders).toBe(2);
  // A newer data version: the fast path reads it once its last read is half a second old.
  state.version = '2';
  state.clock = 60_600;
  const written = await get('/members');
  expect(written.headers['x-render-cache']).toBe('miss');
});

test.each([
  [undefined, 'identity'],
  ['', 'identity'],
  ['gzip, deflate, br', 'br'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['identity', 'identity'],
  ['*', 'br'],
  ['*;q=0', null],
  ['gzip;q=0, identity;q=0', null],
  ['deflate', 'identity'],
  ['BR', 'br'],
])('Accept-Encoding %j is answered in %s', (accept, encoding) => {
  expect(chosenEncoding(accept)).toBe(encoding);
});
