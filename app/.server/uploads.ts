// Image fields of a multipart form (avatar, banner): size and type checked, re-encoded by sharp.
import { AssetError, IMAGE_LIMIT_BYTES, prepareAsset, type PreparedAsset } from './assets';
import { BodyTooLargeError, isTooLarge, normalizeListField, readMultipart, uploadSource } from './forms';

/** The chosen images, prepared on disk, and an error per field that could not be used. */
export async function prepareImageFields<Name extends string>(formData: FormData, names: readonly Name[]) {
  const images = {} as Record<Name, PreparedAsset | null>;
  const errors: Partial<Record<Name, string[]>> = {};
  for (const name of names) {
    images[name] = null;
    const file = formData.get(name);
    if (!(file instanceof File) || (file.size === 0 && !isTooLarge(file))) continue;
    if (isTooLarge(file)) {
      errors[name] = ['The image is larger than 5 MB.'];
      continue;
    }
    try {
      images[name] = await prepareAsset({
        ...(await uploadSource(file)),
        filename: file.name,
        ownerId: null,
        kind: 'image',
      });
    } catch (error) {
      if (!(error instanceof AssetError)) throw error;
      errors[name] = [error.message];
    }
  }
  return {
    images,
    errors,
    discardAll: () => Object.values<PreparedAsset | null>(images).forEach((image) => image?.discard()),
  };
}

export const FORM_TOO_LARGE = 'The form is too large. Images can be at most 5 MB.';

/**
 * A member form with qualification rows, an avatar and a banner (registration step 2, profile
 * edit), or null when it is larger than allowed. Pass it to discardUploads when done.
 */
export async function readMemberForm(request: Request): Promise<FormData | null> {
  try {
    return normalizeListField(
      await readMultipart(request, { fileBytes: IMAGE_LIMIT_BYTES, textBytes: 64 * 1024 }),
      'qualifications',
    );
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}
