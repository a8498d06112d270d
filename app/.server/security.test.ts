import { expect, test, vi } from 'vitest';
import { rateLimitAddress } from './security';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['2001:db8::1', '2001:db8::1'],
  ['127.0.0.1', null],
  ['::1', null],
  ['::ffff:127.0.0.1', null],
  [null, null],
])('rate limits key %s as %s', (clientAddress, expected) => {
  expect(rateLimitAddress({ clientAddress }, ['loopback'])).toBe(expected);
});

test('requests from loopback without TRUST_PROXY: one warning, not one per request', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    // A named proxy on this machine: its requests carry the client's address, nothing to say.
    expect(rateLimitAddress({ clientAddress: '127.0.0.1' }, ['loopback'])).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    for (const clientAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(rateLimitAddress({ clientAddress }, false)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/TRUST_PROXY/);
  } finally {
    warn.mockRestore();
  }
});
