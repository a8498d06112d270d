// Image fields of a multipart form (avatar, banner): size and type checked, re-encoded by sharp.
import { AssetError, prepareAsset, type PreparedAsset } from './assets';
import { isTooLarge, uploadSource } from './forms';

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
