import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { accessLog, loggedUrl } from './access-log';

test.each([
  ['a reset code', '/reset-password?oobCode=6b1f0c2e9d4a7f3b8c5e1d0a9f8e7d6c', '/reset-password?oobCode=…'],
  ['an invite key', '/register?invite=mk-abcdEFGH12345678', '/register?invite=…'],
  ['an e-mail address', '/login?email=ada%40example.ie&from=%2Fprofile', '/login?email=…&from=…'],
  [
    'an OAuth code and state',
    '/auth/google/callback?code=4%2F0Ab&state=xyz',
    '/auth/google/callback?code=…&state=…',
  ],
  ['a search (what someone typed)', '/members?q=ada+lovelace&page=2', '/members?q=…&page=2'],
  ['a private calendar feed’s token', '/calendar/Zm9vYmFyYmF6cXV4.ics', '/calendar/[token].ics'],
  ['a feed’s token with a query', '/calendar/Zm9vYmFy.ics?x=1', '/calendar/[token].ics?x=…'],
  [
    'a mode of Firebase with its key',
    '/reset-password?mode=resetPassword&oobCode=abc&apiKey=k',
    '/reset-password?mode=…&oobCode=…&apiKey=…',
  ],
])('%s is not written to the log', (_name, url, logged) => {
  expect(loggedUrl(url)).toBe(logged);
});

test.each([
  ['a path without a query', '/members/ada', '/members/ada'],
  ['a page number', '/members?page=3', '/members?page=3'],
  ['an image width and a Remix data request', '/assets/abc?w=640&_data=root', '/assets/abc?w=640&_data=root'],
  ['a flag', '/profile?updated', '/profile?updated'],
])('%s is logged as it is', (_name, url, logged) => {
  expect(loggedUrl(url)).toBe(logged);
});

test('a parameter name is written encoded, so it cannot forge a log line', () => {
  expect(loggedUrl('/x?a%0D%0AGET%20%2Fadmin=1')).toBe('/x?a%0D%0AGET%20%2Fadmin=…');
});

test('a malformed address is logged without its query', () => {
  expect(loggedUrl('/x?%E0%A4%A=1')).toMatch(/^\/x/);
});

test('the access log line of a reset link holds no code', async () => {
  const lines: string[] = [];
  const log = accessLog({ stream: { write: (line: string) => void lines.push(line) } });
  const server = http.createServer((req, res) => log(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/reset-password?oobCode=SECRET-CODE`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    server.close();
  }
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^GET \/reset-password\?oobCode=… 200 (2|-) - [\d.]+ ms\n$/);
});
