// The server's `trust proxy` setting from TRUST_PROXY, through Express itself: which address a
// request is counted under when it claims another in X-Forwarded-For.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, expect, test } from 'vitest';
import { parseTrustProxy } from '../app/lib/trust-proxy';

const servers: import('node:http').Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** req.ip of a request from this machine (127.0.0.1) with the given X-Forwarded-For. */
async function clientAddress(trustProxy: string | undefined, forwardedFor?: string) {
  const app = express();
  app.set('trust proxy', parseTrustProxy(trustProxy));
  app.get('/', (req, res) => void res.send(req.ip));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
  });
  return response.text();
}

test('without TRUST_PROXY the socket address counts, whatever X-Forwarded-For claims', async () => {
  expect(await clientAddress(undefined, '198.51.100.6')).toBe('127.0.0.1');
});

test('a named proxy: its X-Forwarded-For is believed, from anyone else it is not', async () => {
  expect(await clientAddress('loopback', '198.51.100.6')).toBe('198.51.100.6');
  expect(await clientAddress('127.0.0.1/32', '198.51.100.6')).toBe('198.51.100.6');
  // The client's own claim sits left of what the proxy added: the proxy's hop counts.
  expect(await clientAddress('loopback', '203.0.113.66, 198.51.100.6')).toBe('198.51.100.6');
  // Requests that do not come from a named proxy are counted under their own address.
  expect(await clientAddress('10.0.0.0/8', '198.51.100.6')).toBe('127.0.0.1');
});

test('a hop count still works, and believes the hop it is told to', async () => {
  expect(await clientAddress('1', '203.0.113.66, 198.51.100.6')).toBe('198.51.100.6');
  expect(await clientAddress('2', '203.0.113.66, 198.51.100.6')).toBe('203.0.113.66');
});
