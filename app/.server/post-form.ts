// Reading the create/edit post form (SPEC 2): fields through PostSchema, the attachment checked
// by its bytes and size. Attachments keep their original bytes and name (no re-encoding).
import { parseWithZod } from '@conform-to/zod';
import { PostSchema } from '~/lib/schemas';
import { AssetError, ATTACHMENT_LIMIT_BYTES, prepareAsset, type PreparedAsset } from './assets';
import { BodyTooLargeError, isTooLarge, readMultipart } from './forms';

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
  const submission = parsePost(formData);
  const upload = formData.get('attachment');
  if (
    submission.status !== 'success' ||
    !(upload instanceof File) ||
    (upload.size === 0 && !isTooLarge(upload))
  ) {
    return { tooLarge: false, submission, file: null, fileError: null };
  }
  if (isTooLarge(upload))
    return { tooLarge: false, submission, file: null, fileError: 'The file is larger than 25 MB.' };
  try {
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const file = await prepareAsset({ bytes, filename: upload.name, ownerId: null, kind: 'file' });
    return { tooLarge: false, submission, file, fileError: null };
  } catch (error) {
    if (!(error instanceof AssetError)) throw error;
    return { tooLarge: false, submission, file: null, fileError: error.message };
  }
}
