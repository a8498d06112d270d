// The HTTP plumbing of the store's upstream-backend client (remote.ts): one call with its time limit,
// the failures as ApiError (so the product's 'API request failed with status N' texts), answers
// read with remote-schemas.ts. The remote-*.ts modules build the Store's groups of calls on it.
import type { z } from 'zod';
import { ApiError, FieldError } from '~/lib/models';
import { firstIssue, RemoteErrorBody } from './remote-schemas';

/** A non-OK answer, with the backend's error body when it sent one we can read. */
export class RemoteFailure extends ApiError {
  constructor(
    status: number,
    readonly body: z.infer<typeof RemoteErrorBody> | null,
  ) {
    super(status);
  }
}

interface SendOptions {
  method?: 'GET' | 'POST';
  token?: string | null;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** hand the body over unread (a file streamed to the browser at its own pace) */
  stream?: boolean;
}

type Schema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

let remoteWrites = 0;
/** How many calls with a member's token (writes) this process has sent: see data-version.ts. */
export const remoteWriteCount = () => remoteWrites;

export type RemoteHttp = ReturnType<typeof remoteHttp>;

/** Calls to the backend at `base`, each answered within `timeoutMs`. */
export function remoteHttp(base: string, timeoutMs: number) {
  /**
   * One call. A refused connection is a 503, no answer in time a 504, both logged in one line. The
   * time limit covers the whole answer, except a streamed file's body.
   */
  async function send(call: string, path: string, init: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The backend did not answer in time', 'TimeoutError')),
      timeoutMs,
    );
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
        signal: controller.signal,
      });
      if (!init.stream || !response.ok) {
        const body = [204, 304].includes(response.status) ? null : await response.arrayBuffer();
        response = new Response(body, response);
      }
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      console.error(
        `API ${call}: ${timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach the backend (${cause})`}`,
      );
      throw new ApiError(timedOut ? 504 : 503);
    } finally {
      clearTimeout(timer);
      // Calls with a member's token are writes: pages rendered before them are out of date.
      if (init.token) remoteWrites += 1;
    }
    if (response.ok || response.status === 304) return response;
    // docs/product.md §8: the HTTP client logs these two and passes the failure on.
    if (response.status === 401) console.warn(`API ${call}: unauthorized (401)`);
    if (response.status === 429) console.warn(`API ${call}: rate limit exceeded (429)`);
    const body = RemoteErrorBody.safeParse(await response.json().catch(() => null));
    throw new RemoteFailure(response.status, body.success ? body.data : null);
  }

  /** The answer read with `schema`; one that does not fit is logged with the field and is a 502. */
  async function read<T>(call: string, response: Response, schema: Schema<T>) {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (parsed.success) return parsed.data;
    console.error(`API ${call}: the answer does not fit: ${firstIssue(parsed.error)}`);
    throw new ApiError(502);
  }

  return {
    send,
    read,
    /** A GET read with `schema`. */
    get: async <T>(call: string, path: string, schema: Schema<T>) =>
      read(call, await send(call, path), schema),
    /** A JSON POST read with `schema`; with a token when the call is a member's. */
    post: async <T>(call: string, path: string, json: unknown, schema: Schema<T>, token?: string | null) =>
      read(call, await send(call, path, { method: 'POST', json, token }), schema),
  };
}

/** A 422 the backend explains field by field, as our own FieldError (first field). */
export function fieldFailure(error: unknown) {
  if (!(error instanceof RemoteFailure) || error.status !== 422 || !error.body?.fields) return error;
  const [field, messages] = Object.entries(error.body.fields)[0] ?? [];
  return field ? new FieldError(field, messages[0] ?? 'Not valid') : error;
}

/** Whether a call failed because the backend answered one of `statuses`. */
export const answered = (error: unknown, ...statuses: number[]) =>
  error instanceof RemoteFailure && statuses.includes(error.status);
