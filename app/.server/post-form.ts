// Reading the create/edit post form (docs/product.md §2): fields through PostSchema, the attachment checked
// by its bytes and size, streamed to a temp file and moved into the store. Attachments keep their
// original bytes and name (no re-encoding).
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { PostSchema } from '~/lib/schemas';
import { api } from './api';
import { AssetError, ATTACHMENT_LIMIT_BYTES, prepareAsset, type PreparedAsset } from './assets';
import { requireUser } from './session';
import { BodyTooLargeError, discardUploads, isTooLarge, readMultipart, uploadSource } from './forms';

const parsePost = (formData: FormData) => parseWithZod(formData, { schema: PostSchema });
export type PostSubmission = ReturnType<typeof parsePost>;

export async function readPostForm(
  request: Request,
): Promise<
  | { tooLarge: true }
  | { tooLarge: false; submission: PostSubmission; file: PreparedAsset | null; fileError: string | null }
> {
  let formData: FormData;
  try {
    formData = await readMultipart(request, { fileBytes: ATTACHMENT_LIMIT_BYTES, textBytes: 256 * 1024 });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { tooLarge: true };
    throw error;
  }
  try {
    return await checkPost(formData);
  } finally {
    discardUploads(formData);
  }
}

async function checkPost(formData: FormData) {
  const submission = parsePost(formData);
  const upload = formData.get('attachment');
  if (
    submission.status !== 'success' ||
    !(upload instanceof File) ||
    (upload.size === 0 && !isTooLarge(upload))
  ) {
    return { tooLarge: false as const, submission, file: null, fileError: null };
  }
  if (isTooLarge(upload))
    return { tooLarge: false as const, submission, file: null, fileError: 'The file is larger than 25 MB.' };
  try {
    const source = await uploadSource(upload);
    const file = await prepareAsset({ ...source, filename: upload.name, ownerId: null, kind: 'file' });
    return { tooLarge: false as const, submission, file, fileError: null };
  } catch (error) {
    if (!(error instanceof AssetError)) throw error;
    return { tooLarge: false as const, submission, file: null, fileError: error.message };
  }
}

const refuse = (result: SubmissionResult<string[]>, status: number) => data({ result }, { status });

/**
 * The create/edit action's first step: a valid post with its checked file, or the reply to send
 * back (what was typed, and the error next to its field) with nothing kept.
 */
export async function readValidPost(request: Request) {
  const form = await readPostForm(request);
  if (form.tooLarge) {
    return {
      refused: refuse(
        { status: 'error', error: { '': ['The upload is too large. Files can be at most 25 MB.'] } },
        413,
      ),
    } as const;
  }
  const { submission, file, fileError } = form;
  if (submission.status !== 'success' || fileError) {
    file?.discard();
    return {
      refused: refuse(
        submission.reply(fileError ? { fieldErrors: { attachment: [fileError] } } : undefined),
        400,
      ),
    } as const;
  }
  return { refused: null, submission, file } as const;
}

/** The edit and delete pages' loader: the member's own post, or 404 (post: null) for any other id. */
export async function loadOwnPost(request: Request, postId: string | undefined) {
  const user = await requireUser(request);
  const post = await api.ownPosts.find(user.id, postId ?? '');
  return data({ post }, { status: post ? 200 : 404 });
}
