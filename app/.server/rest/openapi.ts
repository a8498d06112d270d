// /api/openapi.json: an OpenAPI 3.1 document generated from ENDPOINTS and their zod schemas (the
// same objects the handlers validate with), so it describes what the server really does.
import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { config } from '../config';
import type { Endpoint } from './endpoints';
import { ENDPOINTS } from './endpoints';
import { ErrorOutSchema } from './schemas';

/** A zod schema as JSON Schema (2020-12 compatible, as OpenAPI 3.1 reads it), inlined. */
function jsonSchema(schema: ZodTypeAny) {
  const { $schema: _dialect, ...rest } = zodToJsonSchema(schema, {
    target: 'jsonSchema2019-09',
    $refStrategy: 'none',
    effectStrategy: 'input',
    pipeStrategy: 'input',
  }) as Record<string, unknown>;
  return rest;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The body is not valid JSON',
  401: 'No bearer token, or one that is malformed, expired or revoked',
  403: 'The token’s account is not a member yet',
  404: 'Not found (or not the caller’s)',
  405: 'Wrong method for this path',
  409: 'Conflicts with what exists (a booking: the time is taken)',
  413: 'The body or file is too large',
  415: 'Wrong Content-Type',
  422: 'A field is not valid; `fields` says which',
  429: 'Too many requests',
  500: 'The store failed',
  501: 'Not available with this site’s configuration',
};

const operationId = (endpoint: Endpoint<never>) =>
  `${endpoint.method.toLowerCase()}_${endpoint.path
    .replace(/\{(\w+)\}/g, 'by_$1')
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_|_$/g, '')}`;

function operation(endpoint: Endpoint<never>) {
  const params: Record<string, unknown>[] = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  // A call's query parameters, from the same schema handle.ts checks them with.
  const query = (endpoint.query?.shape ?? {}) as Record<string, ZodTypeAny>;
  for (const [name, schema] of Object.entries(query))
    params.push({
      name,
      in: 'query',
      required: !schema.isOptional(),
      schema: jsonSchema(schema),
      ...(schema.description ? { description: schema.description } : {}),
    });
  const statuses = new Set<number>([500, 429, ...(endpoint.errors ?? [])]);
  if (endpoint.body) [413, 415, 422].forEach((status) => statuses.add(status));
  if (endpoint.query) statuses.add(422);
  if (endpoint.body && endpoint.body !== 'multipart') statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'member') statuses.add(403);
  const requestBody =
    endpoint.body === 'multipart'
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
                required: ['file'],
              },
            },
          },
        }
      : endpoint.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } }
        : undefined;
  return {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    ...(params.length ? { parameters: params } : {}),
    ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [endpoint.created ? '201' : '200']: {
        description: endpoint.created ? 'Created' : 'OK',
        content:
          endpoint.answer === 'file'
            ? { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } }
            : { 'application/json': { schema: jsonSchema(endpoint.answer) } },
      },
      ...(endpoint.accepted && endpoint.answer !== 'file'
        ? {
            '202': {
              description: `Accepted: ${endpoint.accepted}`,
              content: { 'application/json': { schema: jsonSchema(endpoint.answer) } },
            },
          }
        : {}),
      ...Object.fromEntries(
        [...statuses].sort().map((status) => [String(status), { $ref: `#/components/responses/E${status}` }]),
      ),
    },
  };
}

let cached: object | null = null;

export function openApiDocument() {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Makerspace community API',
      version: '1.0.0',
      description:
        'The calls of the makerspace backend (members, posts, projects, assets, accounts) and of booking the lab (resources, availability, bookings). Writes take `Authorization: Bearer <token>`. Errors are `{error: {code, message, fields?}}`. See docs/api.md.',
    },
    servers: [{ url: `${config.PUBLIC_URL}/api` }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(ErrorOutSchema) },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `E${status}`,
          { description, content: error },
        ]),
      ),
    },
  };
  return cached;
}
