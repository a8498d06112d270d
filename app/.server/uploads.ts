// A form's uploaded files as prepared assets: avatar and banner images (re-encoded), a post's
// attachment (kept as it is). Files over the size limit were refused by parseForm already; the
// type is checked here, each problem a message for its field.
import { AssetError, prepareAsset, type PreparedAsset } from './assets';
import { isTooLarge, uploadSource } from './forms';

/** A file was chosen for this field (an empty part is a file input left empty). */
export const isChosen = (value: FormDataEntryValue | null): value is File =>
  value instanceof File && value.size > 0 && !isTooLarge(value);

async function prepare(formData: FormData, name: string, kind: 'image' | 'file') {
  const file = formData.get(name);
  if (!isChosen(file)) return { asset: null, error: null };
  try {
    const asset = await prepareAsset({
      ...(await uploadSource(file)),
      filename: file.name,
      ownerId: null,
      kind,
    });
    return { asset, error: null };
  } catch (error) {
    if (!(error instanceof AssetError)) throw error;
    return { asset: null, error: error.message };
  }
}

/** The chosen images, prepared on disk, and an error per field that could not be used. */
export async function prepareImageFields<Name extends string>(formData: FormData, names: readonly Name[]) {
  const images = {} as Record<Name, PreparedAsset | null>;
  const errors: Partial<Record<Name, string[]>> = {};
  for (const name of names) {
    const { asset, error } = await prepare(formData, name, 'image');
    images[name] = asset;
    if (error) errors[name] = [error];
  }
  return {
    images,
    errors,
    discardAll: () => Object.values<PreparedAsset | null>(images).forEach((image) => image?.discard()),
  };
}

/** A post's attachment, if one was chosen: stored with its bytes and name, or the field's error. */
export const prepareAttachment = (formData: FormData) => prepare(formData, 'attachment', 'file');
