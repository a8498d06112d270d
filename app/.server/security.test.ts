import { expect, test } from 'vitest';
import { rateLimitAddress } from './security';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['2001:db8::1', '2001:db8::1'],
  ['127.0.0.1', null],
  ['::1', null],
  ['::ffff:127.0.0.1', null],
  [null, null],
])('rate limits key %s as %s', (clientAddress, expected) => {
  expect(rateLimitAddress({ clientAddress })).toBe(expected);
});
