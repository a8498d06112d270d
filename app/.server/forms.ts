// Reading request bodies with limits, so a 10 MB "bio" is refused before it is buffered, and
// uploads are streamed to temp files on disk instead of being held in memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { config } from './config';

export class BodyTooLargeError extends Error {}

const FORM_LIMIT = 64 * 1024;

/** A url-encoded form of at most 64 KB. */
export async function readForm(request: Request, limit = FORM_LIMIT): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data'))
    return readMultipart(request, { fileBytes: 0, textBytes: limit });
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > limit) throw new BodyTooLargeError();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const form = new FormData();
  for (const [key, value] of params) form.append(key, value);
  return form;
}

/** Marks a file part that went over its limit; its bytes were read and dropped. */
export const TOO_LARGE_TYPE = 'application/x-too-large';
export const isTooLarge = (file: File) => file.type === TOO_LARGE_TYPE;

/** Where uploads wait while a request is handled (same filesystem as the asset store). */
const UPLOAD_DIR = path.join(config.DATA_DIR, 'uploads');
const uploadPaths = new WeakMap<File, string>();

/**
 * Streams one file part to a temp file, at most `limit` bytes; a larger one is drained and
 * becomes an empty marker File, so the form can say which field was too big.
 */
async function streamToDisk(
  data: AsyncIterable<Uint8Array>,
  filename: string,
  contentType: string,
  limit: number,
  created: string[],
) {
  fs.mkdirSync(UPLOAD_DIR, { recursive: true });
  const file = path.join(UPLOAD_DIR, crypto.randomUUID());
  created.push(file);
  const out = fs.createWriteStream(file, { mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) continue;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } finally {
    out.end();
    await finished(out);
  }
  if (size > limit) {
    fs.rmSync(file, { force: true });
    return new File([], filename, { type: TOO_LARGE_TYPE });
  }
  // A File whose bytes stay on disk until something reads them.
  const upload = new File([await fs.openAsBlob(file)], filename, { type: contentType });
  uploadPaths.set(upload, file);
  return upload;
}

/**
 * A multipart form: each file streamed to a temp file up to `fileBytes`, text fields up to
 * `textBytes`. Callers must pass the form to discardUploads when they are done with it.
 */
export async function readMultipart(request: Request, limits: { fileBytes: number; textBytes: number }) {
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > limits.fileBytes * 3 + limits.textBytes * 4) throw new BodyTooLargeError();
  const created: string[] = [];
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(
        async ({ filename, contentType, data }) =>
          filename ? streamToDisk(data, filename, contentType, limits.fileBytes, created) : undefined,
        unstable_createMemoryUploadHandler({ maxPartSize: limits.textBytes }),
      ),
    );
  } catch (error) {
    // A half-read form keeps none of its files.
    for (const file of created) fs.rmSync(file, { force: true });
    if (error instanceof MaxPartSizeExceededError) throw new BodyTooLargeError();
    throw error;
  }
}

/** An uploaded file as an asset source: its temp file when it has one. */
export async function uploadSource(file: File): Promise<{ path: string } | { bytes: Uint8Array }> {
  const onDisk = uploadPaths.get(file);
  if (onDisk && fs.existsSync(onDisk)) return { path: onDisk };
  return { bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Removes what is left of a form's temp files (the stored ones were moved into the asset store). */
export function discardUploads(formData: FormData | undefined) {
  if (!formData) return;
  for (const [, value] of formData) {
    const onDisk = value instanceof File ? uploadPaths.get(value) : undefined;
    if (onDisk) fs.rmSync(onDisk, { force: true });
  }
}

/** Temp uploads left by a crash are removed at start-up. */
export function sweepStaleUploads() {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  if (!fs.existsSync(UPLOAD_DIR)) return;
  for (const name of fs.readdirSync(UPLOAD_DIR)) {
    const file = path.join(UPLOAD_DIR, name);
    if (fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
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
