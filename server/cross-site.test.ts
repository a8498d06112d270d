import { expect, test } from 'vitest';
import { isCrossSite } from './cross-site';

const post = (headers: Record<string, string>) => ({ method: 'POST', headers });

test.each([
  ['a form from this site', { host: 'lab.ie', origin: 'https://lab.ie' }, false],
  ['no Origin (curl, an old browser)', { host: 'lab.ie' }, false],
  [
    'same-origin fetch metadata',
    { host: 'lab.ie', origin: 'https://lab.ie', 'sec-fetch-site': 'same-origin' },
    false,
  ],
  ['a foreign Origin', { host: 'lab.ie', origin: 'https://evil.example' }, true],
  ['an opaque Origin', { host: 'lab.ie', origin: 'null' }, true],
  ['a malformed Origin', { host: 'lab.ie', origin: 'not a url' }, true],
  [
    'cross-site fetch metadata, whatever Origin says',
    { host: 'lab.ie', origin: 'https://lab.ie', 'sec-fetch-site': 'cross-site' },
    true,
  ],
  [
    'behind a proxy: X-Forwarded-Host is the host',
    { host: '127.0.0.1:3000', 'x-forwarded-host': 'lab.ie', origin: 'https://lab.ie' },
    false,
  ],
  [
    'behind a proxy: a foreign Origin',
    { host: '127.0.0.1:3000', 'x-forwarded-host': 'lab.ie', origin: 'https://evil.example' },
    true,
  ],
])('POST with %s: cross-site %s', (_name, headers, expected) => {
  expect(isCrossSite(post(headers))).toBe(expected);
});

test('reads are never refused', () => {
  expect(isCrossSite({ method: 'GET', headers: { host: 'lab.ie', origin: 'https://evil.example' } })).toBe(
    false,
  );
});
