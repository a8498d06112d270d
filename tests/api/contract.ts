// What the API contract tests share: the OpenAPI document the server publishes, checked by a real
// validator once, and every answer a test receives checked against that document's schema for its
// call and status (so the document and the server cannot disagree without a test failing).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { NewMember } from '../e2e/accounts';

/** An answer body once checked against the document's schema: tests read it freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by ajv before use
export type Body = any;

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

let loaded: { doc: Doc; ajv: Ajv2020 } | null = null;

/** The server's /api/openapi.json, validated as an OpenAPI 3.1 document. */
export async function openApi(request: APIRequestContext) {
  if (loaded) return loaded.doc;
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const doc = (await response.json()) as Doc & { openapi: string };
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(doc.openapi).toBe('3.1.0');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, 'openapi');
  loaded = { doc, ajv };
  return doc;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * The response's status and JSON body, after checking the body against the document's schema for
 * `method path` (the path as the document names it, e.g. '/page/posts/insert') and this status.
 */
export async function answer(
  request: APIRequestContext,
  response: APIResponse,
  method: string,
  path: string,
): Promise<{ status: number; body: Body }> {
  const doc = await openApi(request);
  const status = response.status();
  const responses = doc.paths[path]?.[method.toLowerCase()]?.responses;
  expect(responses, `${method} ${path} is in the document`).toBeTruthy();
  expect(Object.keys(responses!), `${method} ${path} documents status ${status}`).toContain(String(status));
  const body = await response.json();
  const entry = responses![String(status)] as { $ref?: string };
  const ref = entry.$ref
    ? `openapi#${entry.$ref.slice(1)}/content/application~1json/schema`
    : `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = loaded!.ajv.getSchema(ref);
  expect(validate, `schema ${ref}`).toBeTruthy();
  expect(
    validate!(body),
    `${method} ${path} ${status}: ${JSON.stringify(validate!.errors)} in ${JSON.stringify(body).slice(0, 300)}`,
  ).toBe(true);
  return { status, body };
}

export const json = (data: unknown, token?: string) => ({
  data: JSON.stringify(data),
  headers: {
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
});

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export type { NewMember };
