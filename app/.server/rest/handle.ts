// The /api dispatcher (docs/api.md): finds the call in ENDPOINTS, answers CORS, checks the bearer
// token, reads and validates the JSON body with the call's zod schema, runs the handler, and turns
// every failure into a JSON `{error: {code, message, fields?}}` with a 4xx or 5xx status. Nothing
// is written before the body is valid and the caller is known.
import type { AppLoadContext } from '@remix-run/node';
import type { ZodIssue } from 'zod';
import { ApiError } from '../store';
import { config } from '../config';
import { FORM_LIMITS, readText } from '../forms';
import { FieldError } from '~/lib/models';
import { ENDPOINTS, RestError, type Call, type Endpoint } from './endpoints';
import { Accepted } from './errors';
import { openApiDocument } from './openapi';
import { accountForToken, bearerToken } from './tokens';

type Matched = { endpoint: Endpoint<never>; params: Record<string, string> };

const patterns = ENDPOINTS.map((endpoint) => ({
  endpoint,
  regex: new RegExp(
    `^${endpoint.path.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>[^/]+)`)}$`,
  ),
}));

function match(path: string) {
  const found: Matched[] = [];
  for (const { endpoint, regex } of patterns) {
    const matched = regex.exec(path);
    if (!matched) continue;
    // Remix already decoded the path once: the parameters are used as they are.
    found.push({ endpoint, params: { ...matched.groups } });
  }
  return found;
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('Origin');
  if (!origin || !config.API_CORS_ORIGINS.includes(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'ETag, Content-Disposition',
    Vary: 'Origin',
  };
}

const json = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

function errorBody(error: RestError) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.nearest ? { nearest: error.nearest } : {}),
    },
  };
}

/** Zod's issues as messages per top-level field ('body' for the body as a whole). */
function fieldsOf(issues: ZodIssue[]) {
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(key, 'Unknown field');
    else add(String(issue.path[0] ?? 'body'), issue.message);
  }
  return fields;
}

async function readBody(request: Request, endpoint: Endpoint<never>): Promise<unknown> {
  if (!endpoint.body || endpoint.body === 'multipart') {
    if (
      endpoint.body === 'multipart' &&
      !request.headers.get('Content-Type')?.startsWith('multipart/form-data')
    )
      throw new RestError(
        415,
        'unsupported-media-type',
        'Send the file as multipart/form-data (field `file`).',
      );
    return undefined;
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? ''))
    throw new RestError(415, 'unsupported-media-type', 'Send JSON with Content-Type: application/json.');
  const text = await readText(request, FORM_LIMITS.post.textBytes);
  if (text === null) throw new RestError(413, 'too-large', 'The request body is too large.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RestError(400, 'invalid-json', 'The request body is not valid JSON.');
  }
  const parsed = endpoint.body.safeParse(value);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error.issues);
    const [field, [message]] = Object.entries(fields)[0];
    throw new RestError(422, 'invalid-input', `${field}: ${message}`, fields);
  }
  return parsed.data;
}

/** The query parameters by the call's `query` schema; a problem is 422 invalid-input, as a body's. */
function readQuery(request: Request, endpoint: Endpoint<never>): Record<string, unknown> {
  if (!endpoint.query) return {};
  const parsed = endpoint.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const fields = fieldsOf(parsed.error.issues);
  const [field, [message]] = Object.entries(fields)[0];
  throw new RestError(422, 'invalid-input', `${field}: ${message}`, fields);
}

async function authorise(request: Request, endpoint: Endpoint<never>) {
  const token = bearerToken(request);
  if (endpoint.access === 'public') return { token, caller: null, account: null };
  if (!token) throw new RestError(401, 'unauthorized', 'A bearer token is required.');
  const account = await accountForToken(token);
  if (!account) throw new RestError(401, 'unauthorized', 'The token is invalid, expired or revoked.');
  if (endpoint.access === 'member' && !account.member)
    throw new RestError(403, 'not-a-member', 'The token’s account is not a member yet.');
  return { token, caller: account.member, account: { uid: account.uid, email: account.email } };
}

const STATUS_CODES: Record<number, string> = { 401: 'unauthorized', 404: 'not-found', 429: 'rate-limited' };

/** Answers one request under /api; `path` is what follows /api. */
export async function handleApi(request: Request, context: AppLoadContext, path: string): Promise<Response> {
  const cors = corsHeaders(request);
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') {
    const preflight: Record<string, string> = cors['Access-Control-Allow-Origin']
      ? {
          'Access-Control-Allow-Methods': 'GET, HEAD, POST',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Max-Age': '600',
        }
      : {};
    return new Response(null, { status: 204, headers: { ...cors, ...preflight } });
  }
  try {
    // In front of another backend this site holds no data to serve: its clients call that one.
    if (config.API_URL)
      throw new RestError(
        501,
        'not-available',
        'This site runs in front of another backend (API_URL): call its API.',
      );
    if (path === '/openapi.json' && (method === 'GET' || method === 'HEAD'))
      return json(openApiDocument(), 200, { ...cors, 'Cache-Control': 'no-cache' });
    const candidates = match(path);
    if (!candidates.length) throw new RestError(404, 'not-found', 'There is no API call at this path.');
    const wanted = method === 'HEAD' ? 'GET' : method;
    const found = candidates.find(({ endpoint }) => endpoint.method === wanted);
    if (!found) {
      const allow = [...new Set(candidates.map(({ endpoint }) => endpoint.method))].join(', ');
      throw new RestError(405, 'method-not-allowed', `Use ${allow} for this call.`, undefined, {
        Allow: allow,
      });
    }
    const { endpoint, params } = found;
    const auth = await authorise(request, endpoint);
    const body = await readBody(request, endpoint);
    const query = readQuery(request, endpoint);
    const call: Call<never> = { request, context, params, body: body as never, query, ...auth };
    const result = await endpoint.handle(call);
    if (result instanceof Response) {
      for (const [name, value] of Object.entries(cors)) result.headers.set(name, value);
      return result;
    }
    if (result instanceof Accepted) return json(result.body, 202, cors);
    return json(result, endpoint.created ? 201 : 200, cors);
  } catch (error) {
    const known =
      error instanceof RestError
        ? error
        : error instanceof FieldError
          ? new RestError(422, 'invalid-input', `${error.field}: ${error.message}`, {
              [error.field]: [error.message],
            })
          : error instanceof ApiError
            ? new RestError(error.status, STATUS_CODES[error.status] ?? 'internal', error.message)
            : null;
    if (!known) {
      console.error(`api ${method} ${path} failed:`, error);
      return json(errorBody(new RestError(500, 'internal', new ApiError(500).message)), 500, cors);
    }
    const headers: Record<string, string> = { ...cors, ...known.headers };
    if (known.status === 401) headers['WWW-Authenticate'] = 'Bearer';
    return json(errorBody(known), known.status, headers);
  }
}
