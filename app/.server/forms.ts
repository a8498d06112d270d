// Every action reads its request body here (docs/architecture.md §1): url-encoded or multipart,
// with limits, files streamed to temp files on disk instead of being held in memory. One convention
// for a body over its form's limit: readForm answers null, the action answers tooLarge(form), a 413
// with the form's own message, and nothing is kept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ZodTypeAny } from 'zod';
import { data, unstable_parseMultipartFormData } from '@remix-run/node';
import { ATTACHMENT_LIMIT_BYTES, IMAGE_LIMIT_BYTES } from './assets';
import { config } from './config';
import { PROJECT_LIMITS } from '~/lib/projects';
import type { FormAnswer } from '~/lib/answer';
import { UNREADABLE_FORM } from '~/lib/unreadable-form';

export interface FormLimits {
  /** bytes one file may have; 0 for forms without files (their file parts are dropped) */
  fileBytes: number;
  /** bytes all text fields together may have */
  textBytes: number;
  /** fields (parts) a body may have, file parts included: what the largest form using it sends */
  parts: number;
  /** file parts (with a file name) a body may have; 0 drops them */
  files: number;
  /** what the form says when its body is over these limits */
  tooLarge: string;
  /** what a file field says when its file is over `fileBytes` */
  fileTooLarge?: string;
}

export const FORM_LIMITS = {
  text: { fileBytes: 0, textBytes: 64 * 1024, parts: 32, files: 0, tooLarge: 'The form is too large.' },
  // Profile, registration step 2 and the admin's project form (two images each); the project
  // form's team rows are two fields each, with room for a few rows over the limit so that the
  // schema can say 'At most 50 team members'.
  member: {
    fileBytes: IMAGE_LIMIT_BYTES,
    textBytes: 64 * 1024,
    parts: 2 * PROJECT_LIMITS.team + 32,
    files: 2,
    tooLarge: 'The form is too large. Images can be at most 5 MB.',
    fileTooLarge: 'The image is larger than 5 MB.',
  },
  post: {
    fileBytes: ATTACHMENT_LIMIT_BYTES,
    textBytes: 256 * 1024,
    parts: 32,
    files: 1,
    tooLarge: 'The upload is too large. Files can be at most 25 MB.',
    fileTooLarge: 'The file is larger than 25 MB.',
  },
} satisfies Record<string, FormLimits>;

/**
 * What is read of a refused body before the connection is given up: reading it (and dropping the
 * bytes) lets the browser receive our answer instead of a reset connection.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** Marks a file part that went over its limit; its bytes were read and dropped. */
const TOO_LARGE_TYPE = 'application/x-too-large';
export const isTooLarge = (file: File) => file.type === TOO_LARGE_TYPE;

/** Where uploads wait while a request is handled (same filesystem as the asset store). */
const UPLOAD_DIR = path.join(config.DATA_DIR, 'uploads');
const uploadPaths = new WeakMap<File, string>();

/**
 * The body as FormData, or null when it is larger than `form` allows, in bytes or in parts (answer
 * with tooLarge(form)).
 * A file over `fileBytes` does not refuse the form: it becomes an empty marker (isTooLarge), so
 * the form can say which field was too big. Pass the form to discardUploads when done with it.
 */
export async function readForm(
  request: Request,
  form: FormLimits = FORM_LIMITS.text,
): Promise<FormData | null> {
  const type = request.headers.get('Content-Type') ?? '';
  return type.startsWith('multipart/form-data')
    ? readMultipart(request, form)
    : readUrlEncoded(request, form);
}

/**
 * A text body (url-encoded form, JSON) of at most `limit` bytes, or null when it is larger: the
 * rest is read and dropped up to DRAIN_BYTES so the client receives the answer.
 */
export async function readText(request: Request, limit: number): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= limit) chunks.push(value);
    else if (size > DRAIN_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return size > limit ? null : Buffer.concat(chunks).toString('utf8');
}

async function readUrlEncoded(request: Request, form: FormLimits) {
  const text = await readText(request, form.textBytes);
  if (text === null) return null;
  const formData = new FormData();
  let parts = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++parts > form.parts) return null;
    // A field sent twice (no form here sends one twice) counts once, so its schema answers with
    // the form's own message and never zod's 'Expected string, received array'.
    if (!formData.has(key)) formData.append(key, value);
  }
  return formData;
}

class OverLimit extends Error {}

async function readMultipart(request: Request, form: FormLimits) {
  const created: string[] = [];
  let total = 0;
  let textBytes = 0;
  let parts = 0;
  let files = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > DRAIN_BYTES) throw new OverLimit();
  };
  // The parser reads through this stream so that, once the form is refused, the rest of the body
  // can be read and dropped here without parsing it into thousands more parts. One read at a time:
  // Remix's Node body stream stalls when a second read waits while the first is answered.
  const source = request.body!.getReader();
  let refused = false;
  let reading: Promise<unknown> = Promise.resolve();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (refused) return;
      const read = source.read();
      reading = read;
      const { done, value } = await read;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const parsed = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body,
    duplex: 'half',
  } as RequestInit);
  try {
    const formData = await unstable_parseMultipartFormData(
      parsed,
      async ({ filename, contentType, data }) => {
        if (++parts > form.parts) throw new OverLimit();
        // A file input left empty sends a part named "" with no bytes: it reads as an empty text.
        if (filename) {
          if (!form.fileBytes) {
            for await (const chunk of data) count(chunk.byteLength);
            return undefined;
          }
          if (++files > form.files) throw new OverLimit();
          return streamToDisk(data, filename, contentType, form.fileBytes, count, created);
        }
        const chunks: Uint8Array[] = [];
        for await (const chunk of data) {
          count(chunk.byteLength);
          textBytes += chunk.byteLength;
          if (textBytes <= form.textBytes) chunks.push(chunk);
        }
        return Buffer.concat(chunks).toString('utf8');
      },
    );
    if (textBytes > form.textBytes) {
      discardUploads(formData);
      return null;
    }
    return firstTextOfEach(formData);
  } catch (error) {
    // A half-read form keeps none of its files.
    for (const file of created) fs.rmSync(file, { force: true });
    // A body that is no multipart form (a forged or cut request): the client's error, not ours.
    if (isMalformed(error)) throw malformedForm();
    if (!(error instanceof OverLimit)) throw error;
    refused = true;
    await reading.catch(() => undefined);
    await drain(source, total);
    return null;
  }
}

/** A text field sent twice counts once (its first value); every file part stays, to be discarded. */
function firstTextOfEach(formData: FormData) {
  const kept = new FormData();
  for (const [key, value] of formData)
    if (typeof value !== 'string' || !kept.has(key) || typeof kept.get(key) !== 'string')
      kept.append(key, value);
  return kept;
}

/**
 * The parser's words for a body that is not the multipart form its Content-Type says: a bad or
 * missing boundary, a cut body, a part without a name or with a broken header.
 */
const isMalformed = (error: unknown) =>
  error instanceof Error &&
  !(error instanceof OverLimit) &&
  !('code' in error) &&
  /^malformed |could not parse content as formdata|boundary/i.test(error.message);

/** 400 with the form's words, shown by the error boundary (not the crash page), instead of a 500. */
export const malformedForm = () =>
  new Response(UNREADABLE_FORM, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** Reads and drops the rest of a refused body, up to DRAIN_BYTES in all, so the client gets the answer. */
async function drain(source: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  let size = alreadyRead;
  while (size <= DRAIN_BYTES) {
    const { done, value } = await source.read();
    if (done) return;
    size += value.byteLength;
  }
  await source.cancel();
}

/** Streams one file part to a temp file, at most `limit` bytes; a larger one becomes a marker. */
async function streamToDisk(
  data: AsyncIterable<Uint8Array>,
  filename: string,
  contentType: string,
  limit: number,
  count: (bytes: number) => void,
  created: string[],
) {
  // The temp file is made when the first byte arrives: an empty part costs no file.
  let file: string | undefined;
  let out: fs.WriteStream | undefined;
  let size = 0;
  try {
    for await (const chunk of data) {
      count(chunk.byteLength);
      size += chunk.byteLength;
      if (size > limit || !chunk.byteLength) continue;
      if (!out) {
        fs.mkdirSync(UPLOAD_DIR, { recursive: true });
        file = path.join(UPLOAD_DIR, crypto.randomUUID());
        created.push(file);
        out = fs.createWriteStream(file, { mode: 0o600 });
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out!.once('drain', () => resolve()));
    }
  } finally {
    if (out) {
      out.end();
      await finished(out);
    }
  }
  if (size > limit) {
    if (file) fs.rmSync(file, { force: true });
    return new File([], filename, { type: TOO_LARGE_TYPE });
  }
  if (!file) return new File([], filename, { type: contentType });
  // A File whose bytes stay on disk until something reads them.
  const upload = new File([await fs.openAsBlob(file)], filename, { type: contentType });
  uploadPaths.set(upload, file);
  return upload;
}

/** An uploaded file as an asset source: its temp file when it has one. */
export async function uploadSource(file: File): Promise<{ path: string } | { bytes: Uint8Array }> {
  const onDisk = uploadPaths.get(file);
  if (onDisk && fs.existsSync(onDisk)) return { path: onDisk };
  return { bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Removes what is left of a form's temp files (the stored ones were moved into the asset store). */
export function discardUploads(formData: FormData | null | undefined) {
  if (!formData) return;
  for (const [, value] of formData) {
    const onDisk = value instanceof File ? uploadPaths.get(value) : undefined;
    if (onDisk) fs.rmSync(onDisk, { force: true });
  }
}

/** Temp uploads (and S3 work folders) a crash left behind, older than an hour, are removed. */
export function sweepStaleUploads() {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  if (!fs.existsSync(UPLOAD_DIR)) return;
  for (const name of fs.readdirSync(UPLOAD_DIR)) {
    const file = path.join(UPLOAD_DIR, name);
    // S3 work folders come and go while this runs: one that is gone is no error.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs < hourAgo) fs.rmSync(file, { recursive: true, force: true });
  }
}

/**
 * Conform names list items `name[0]`, `name[1]`...; a hand-made post may send a bare `name` instead,
 * which would otherwise break re-rendering the form. Moves such values into indexed entries.
 */
export function normalizeListField(formData: FormData, name: string): FormData {
  const bare = formData.getAll(name);
  if (!bare.length) return formData;
  formData.delete(name);
  let index = 0;
  while (formData.has(`${name}[${index}]`)) index++;
  for (const value of bare) formData.append(`${name}[${index++}]`, value);
  return formData;
}

/** An action's error reply: what was typed and the errors by field, with the status and headers. */
export const formReply = (result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) =>
  data({ result }, { status, headers });

/**
 * The form checked by its schema. A file over the form's limit refuses it (`refused`: 413, what
 * was typed kept, the form's file message next to that field); else the caller answers the
 * submission.
 */
export function parseForm<Schema extends ZodTypeAny>(formData: FormData, schema: Schema, form: FormLimits) {
  const submission = parseWithZod(formData, { schema });
  const oversized = [...formData].filter(([, value]) => value instanceof File && isTooLarge(value));
  const fieldErrors = Object.fromEntries(
    oversized.map(([name]) => [name, [form.fileTooLarge ?? form.tooLarge]]),
  );
  return { submission, refused: oversized.length ? formReply(submission.reply({ fieldErrors }), 413) : null };
}

/** conform's result for an error about the whole form, shown above it. */
export const formError = (message: string): SubmissionResult<string[]> => ({
  status: 'error',
  error: { '': [message] },
});

/** What a post naming a form (`intent`) its page does not have is answered. */
export const UNKNOWN_FORM = 'That form is not on this page: reload it.';

/**
 * The answer of a page with several forms (docs/architecture.md §1, Forms; `answerFor` in
 * app/lib/answer.ts shows it): the form answered (its `intent`), which copy of it when the page
 * lists several (`item`: a strike's id), conform's result and whatever else the page shows of it
 * (`extra`). 400 when the result is an error, else 200, unless `status` says otherwise.
 */
export function answer<const Intent extends string, Extra extends object = Record<never, never>>(
  intent: Intent,
  result: SubmissionResult<string[]>,
  options: { item?: string | null; status?: number; headers?: HeadersInit; extra?: Extra } = {},
) {
  const { item = null, status = result.status === 'error' ? 400 : 200, headers, extra } = options;
  const answered: FormAnswer<Intent> & { intent: Intent } = { intent, item, result };
  return data({ ...(extra as Extra), ...answered }, { status, headers });
}

/**
 * The answer to a post that names none of the page's forms (a stale page, a forged post), or whose
 * body was too large to tell: `intent` null, said once above every form.
 */
export const unknownForm = (message = UNKNOWN_FORM, status = 400) => {
  const answered: FormAnswer<never> & { intent: null } = {
    intent: null,
    item: null,
    result: formError(message),
  };
  return data(answered, { status });
};

/**
 * The reply to a body over its form's limits: the form's own message above the form, 413. Shaped as
 * an answer to no form, so a page with several shows it once, above them all.
 */
export const tooLarge = (form: FormLimits) => unknownForm(form.tooLarge, 413);
