// The backend client's plumbing against a small real HTTP server: what a call sends, and how each
// way a backend fails becomes an ApiError with the product's text and one log line.
import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, FieldError } from '~/lib/models';
import { useRemoteBackend } from '../../../tests/support/backend';
import { fieldFailure, RemoteFailure, remoteHttp, remoteWriteCount } from './remote-http';

const remote = useRemoteBackend();

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('send', () => {
  it('asks for JSON, sends a JSON body with its type and the member’s token, and counts it as a write', async () => {
    remote.backend.answer('POST /api/page/posts/delete', { json: { ok: true } });
    const writes = remoteWriteCount();
    const response = await remote.http.send('delete', '/page/posts/delete', {
      method: 'POST',
      token: 'id-token',
      json: { id: '5' },
    });
    expect(await response.json()).toEqual({ ok: true });
    const [request] = remote.backend.received;
    expect(request.headers).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer id-token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request.body)).toEqual({ id: '5' });
    expect(remoteWriteCount()).toBe(writes + 1);
  });

  it('a read sends no token and is not a write', async () => {
    remote.backend.answer('GET /api/page/generic/get_projects', { json: [] });
    const writes = remoteWriteCount();
    await remote.http.send('get_projects', '/page/generic/get_projects');
    expect(remote.backend.received[0].headers.authorization).toBeUndefined();
    expect(remoteWriteCount()).toBe(writes);
  });

  it('a failure is the status’s ApiError carrying the error body; 401 and 429 are logged by name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    remote.backend.answer('GET /api/a', { status: 401, json: { error: 'expired' } });
    remote.backend.answer('GET /api/b', { status: 429, body: 'slow down' });
    remote.backend.answer('GET /api/c', { status: 500, json: { error: { code: 'db', message: 'down' } } });
    const unauthorized = await failureOf(remote.http.send('verify', '/a'));
    expect(unauthorized).toBeInstanceOf(RemoteFailure);
    expect(unauthorized).toMatchObject({
      status: 401,
      message: 'API request failed with status 401',
      body: { message: 'expired' },
    });
    expect(await failureOf(remote.http.send('insert', '/b'))).toMatchObject({ status: 429, body: null });
    expect(await failureOf(remote.http.send('edit', '/c'))).toMatchObject({
      status: 500,
      body: { code: 'db', message: 'down' },
    });
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'API verify: unauthorized (401)',
      'API insert: rate limit exceeded (429)',
    ]);
  });

  it('no answer within the time limit is a 504, logged with the limit', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    remote.backend.answer('GET /api/slow', { delayMs: 1000, json: {} });
    const started = Date.now();
    const error = await failureOf(remoteHttp(remote.base, 300).send('get_members', '/slow'));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 504, message: 'API request failed with status 504' });
    expect(log.mock.calls).toEqual([['API get_members: no answer within 300 ms']]);
  });

  it('a backend that refuses the connection is a 503, logged with the cause', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failureOf(remoteHttp(`http://127.0.0.1:${port}`, 300).send('health', '/'));
    expect(error).toMatchObject({ status: 503, message: 'API request failed with status 503' });
    expect(log.mock.calls).toEqual([['API health: cannot reach the backend (ECONNREFUSED)']]);
  });

  it('a streamed answer’s body is handed over unread; a 304 passes', async () => {
    remote.backend.answer('GET /api/assets/1', { body: 'BYTES' });
    remote.backend.answer('GET /api/assets/2', { status: 304, body: '' });
    const response = await remote.http.send('asset', '/assets/1', { stream: true });
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('BYTES');
    expect((await remote.http.send('asset', '/assets/2', { stream: true })).status).toBe(304);
  });
});

describe('read', () => {
  it('an answer that fits is the parsed value; one that does not is a 502 naming the call and field', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Count = z.object({ count: z.number() });
    remote.backend.answer('GET /api/good', { json: { count: 2 } });
    remote.backend.answer('GET /api/bad', { json: { count: 'two' } });
    remote.backend.answer('POST /api/notjson', { body: '<html>', headers: { 'Content-Type': 'text/html' } });
    expect(await remote.http.get('validate', '/good', Count)).toEqual({ count: 2 });
    expect(await failureOf(remote.http.get('validate', '/bad', Count))).toMatchObject({ status: 502 });
    expect(await failureOf(remote.http.post('signup', '/notjson', {}, Count))).toMatchObject({ status: 502 });
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'API validate: the answer does not fit: count: Expected number, received string',
      'API signup: the answer does not fit: (answer): Required',
    ]);
  });
});

describe('fieldFailure', () => {
  it('a 422 explained field by field is a FieldError for the first field; anything else is as it was', () => {
    const explained = new RemoteFailure(422, {
      message: 'invalid',
      fields: { username: ['Username already taken', 'Too short'], email: ['No'] },
    });
    const failure = fieldFailure(explained);
    expect(failure).toBeInstanceOf(FieldError);
    expect(failure).toMatchObject({ field: 'username', message: 'Username already taken', status: 422 });
    expect(fieldFailure(new RemoteFailure(422, { fields: { title: [] } }))).toMatchObject({
      field: 'title',
      message: 'Not valid',
    });
    const unexplained = new RemoteFailure(422, { message: 'invalid' });
    expect(fieldFailure(unexplained)).toBe(unexplained);
    const other = new RemoteFailure(400, { fields: { title: ['x'] } });
    expect(fieldFailure(other)).toBe(other);
  });
});
