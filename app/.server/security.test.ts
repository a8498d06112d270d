import { expect, test } from 'vitest';
import { assertSameOrigin } from './security';

const post = (headers: Record<string, string>) =>
  new Request('http://127.0.0.1:3000/profile', { method: 'POST', headers });
const verdict = (headers: Record<string, string>) => {
  try {
    assertSameOrigin(post(headers), 'https://makerspace.ie');
    return 'allowed';
  } catch (response) {
    return (response as Response).status;
  }
};

test.each([
  [{ Origin: 'https://makerspace.ie' }, 'allowed'],
  [{ Origin: 'http://127.0.0.1:3000' }, 'allowed'],
  [{ 'Sec-Fetch-Site': 'same-origin' }, 'allowed'],
  [{}, 'allowed'],
  [{ Origin: 'https://evil.example' }, 403],
  [{ 'Sec-Fetch-Site': 'cross-site' }, 403],
  [{ Origin: 'https://makerspace.ie', 'Sec-Fetch-Site': 'cross-site' }, 403],
])('%o -> %s', (headers, expected) => {
  expect(verdict(headers)).toBe(expected);
});
