import { expect, test } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

test.each([
  [undefined, false],
  ['', false],
  ['0', false],
  ['1', 1],
  [' 2 ', 2],
  ['loopback', ['loopback']],
  ['127.0.0.1', ['127.0.0.1']],
  [
    '10.0.0.0/8, 192.168.1.7,fd00::/8, ::1,loopback',
    ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback'],
  ],
  ['uniquelocal,linklocal', ['uniquelocal', 'linklocal']],
  ['172.16.0.0/255.240.0.0', ['172.16.0.0/255.240.0.0']],
])('TRUST_PROXY=%j is %j', (value, expected) => {
  expect(parseTrustProxy(value)).toEqual(expected);
});

test.each([
  'true',
  'yes',
  '-1',
  '11',
  '1.5',
  'localhost',
  '300.1.1.1',
  '10.0.0/8',
  '10.0.0.0/33',
  'fd00::/129',
  '10.0.0.0/',
  // Every address trusted: the client would choose its own.
  '0.0.0.0/0',
  '::/0',
  '1,loopback',
  'loopback,,10.0.0.1',
])('TRUST_PROXY=%j is refused, naming the variable', (value) => {
  expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY /);
});
