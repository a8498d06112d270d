// Reading request bodies with limits, so a 10 MB "bio" is refused before it is buffered.
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';

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

/**
 * A multipart form: each file kept in memory up to `fileBytes` (a larger one becomes an empty
 * marker File, so the form can say which field was too big), text fields up to `textBytes`.
 */
export async function readMultipart(request: Request, limits: { fileBytes: number; textBytes: number }) {
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > limits.fileBytes * 3 + limits.textBytes * 4) throw new BodyTooLargeError();
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(
        async ({ filename, contentType, data }) => {
          if (!filename) return undefined;
          const chunks: Uint8Array[] = [];
          let size = 0;
          for await (const chunk of data) {
            size += chunk.byteLength;
            if (size <= limits.fileBytes) chunks.push(chunk);
          }
          if (size > limits.fileBytes) return new File([], filename, { type: TOO_LARGE_TYPE });
          return new File([Buffer.concat(chunks)], filename, { type: contentType });
        },
        unstable_createMemoryUploadHandler({ maxPartSize: limits.textBytes }),
      ),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new BodyTooLargeError();
    throw error;
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
