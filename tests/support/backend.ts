// A small real HTTP server standing in for an upstream backend (API_URL) or Firebase's REST API in
// unit tests: each test sets the answer per `METHOD /path`, and reads the requests it was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { remoteHttp, type RemoteHttp } from '../../app/.server/store/remote-http';

export interface Answer {
  status?: number;
  json?: unknown;
  /** a body sent as it is (image/png unless headers say otherwise) */
  body?: string;
  headers?: Record<string, string>;
  /** answer only after this many milliseconds */
  delayMs?: number;
}

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export async function startBackend() {
  const answers = new Map<string, (request: Received) => Answer>();
  const received: Received[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const seen = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    };
    received.push(seen);
    const answer = answers.get(`${seen.method} ${seen.url}`)?.(seen) ?? { status: 404, json: {} };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status ?? 200, {
      'Content-Type': answer.body !== undefined ? 'image/png' : 'application/json',
      ...answer.headers,
    });
    response.end(answer.body ?? JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: `http://${host}`,
    /** `answer('GET /api/x', {json: ...})`, or a function of the request. */
    answer(route: string, answer: Answer | ((request: Received) => Answer)) {
      answers.set(route, typeof answer === 'function' ? answer : () => answer);
    },
    received,
    reset() {
      answers.clear();
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Backend = Awaited<ReturnType<typeof startBackend>>;

/**
 * For a test file of the store's backend client: a backend started before its tests, emptied and
 * console spies restored after each, and `http` calling it under `/api`.
 */
export function useRemoteBackend(timeoutMs = 5000) {
  const context = {} as { backend: Backend; http: RemoteHttp; base: string };
  beforeAll(async () => {
    context.backend = await startBackend();
    context.base = `${context.backend.url}/api`;
    context.http = remoteHttp(context.base, timeoutMs);
  });
  afterAll(() => context.backend.close());
  afterEach(() => {
    context.backend.reset();
    vi.restoreAllMocks();
  });
  return context;
}
