// Files a write names by id (docs/product.md §7: uploaded first, then `file_id`, `avatar_id`,
// `banner_id`). A write may only use an upload of its own caller that nothing uses yet, and an
// avatar or banner must be an image we re-encoded; anything else changes nothing.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { IMAGE_LIMIT_BYTES, isImageType, type PreparedAsset } from '../assets';
import { FieldError } from '~/lib/models';

/** A file for a write: prepared by this request, or uploaded before (its id). */
export type FileChoice = PreparedAsset | string;

/**
 * Makes `choice` the file of a write inside its transaction and returns its id: a prepared file is
 * inserted; an uploaded id must belong to `owner.id` (null: an upload made before sign-up, then
 * only by `owner.uploader`, the signing-up account, or by the registration form, whose ids never
 * leave its sealed cookie), be unused and, for `kind` 'image', be one of our re-encoded images.
 * FieldError names `field`.
 */
export async function useFile(
  trx: Transaction<Database> | Kysely<Database>,
  choice: FileChoice,
  owner: { id: string | null; uploader?: string; field: string; kind: 'image' | 'file' },
): Promise<string> {
  if (typeof choice !== 'string') {
    await trx
      .insertInto('assets')
      .values({ ...choice.row, owner_id: owner.id })
      .execute();
    return choice.row.id;
  }
  const row = await trx
    .selectFrom('assets')
    .select(['id', 'mime_type', 'size', 'width'])
    .where('id', '=', choice)
    .where('owner_id', owner.id === null ? 'is' : '=', owner.id)
    .$if(owner.id === null, (qb) =>
      qb.where((eb) =>
        eb.or([eb('uploader_uid', 'is', null), eb('uploader_uid', '=', owner.uploader ?? '')]),
      ),
    )
    .executeTakeFirst();
  if (!row) throw new FieldError(owner.field, 'No upload of yours has this id.');
  const [user, post, project] = await Promise.all([
    trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('avatar_id', '=', row.id), eb('banner_id', '=', row.id)]))
      .executeTakeFirst(),
    trx.selectFrom('posts').select('id').where('file_id', '=', row.id).executeTakeFirst(),
    trx
      .selectFrom('projects')
      .select('id')
      .where((eb) => eb.or([eb('banner_id', '=', row.id), eb('logo_id', '=', row.id)]))
      .executeTakeFirst(),
  ]);
  if (user || post || project) throw new FieldError(owner.field, 'This upload is already in use.');
  if (owner.kind === 'image' && !(isImageType(row.mime_type) && row.size <= IMAGE_LIMIT_BYTES && row.width))
    throw new FieldError(owner.field, 'The file is not an image (JPEG, PNG, GIF or WebP).');
  return row.id;
}

/** Removes the files of prepared choices after a failed write (uploaded ids stay for a retry). */
export function discardChoices(...choices: (FileChoice | null)[]) {
  for (const choice of choices) if (choice && typeof choice !== 'string') choice.discard();
}
