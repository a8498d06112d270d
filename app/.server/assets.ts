// Uploaded files: the image pipeline and the asset rows (docs/architecture.md §6); where the bytes
// live (DATA_DIR/assets or an S3 bucket) is file-store.ts.
// Avatars, banners and project images are re-encoded by sharp, which drops metadata (GPS, camera
// serials), and get WebP width variants for srcset. Attachments keep their bytes; those that are
// not images are always served as downloads.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createReadableStreamFromReadable } from '@remix-run/node';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { config } from './config';
import {
  ASSET_ID,
  diskStore,
  listFolders,
  ORIGINAL,
  s3SettingsFrom,
  variantFile,
  type FileStore,
} from './file-store';
import type { Database, AssetsTable } from './db/schema';
import { safeFilename } from '~/lib/files';
import { nowIso } from '~/lib/dates';
import { variantWidths } from '~/lib/images';

export const IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_LIMIT_BYTES = 25 * 1024 * 1024;

/** This site's file store: an S3 bucket when S3_BUCKET is set, else DATA_DIR/assets. */
export const files: FileStore = config.S3_BUCKET
  ? // Files on their way up wait beside the upload temp files, where sweepStaleUploads finds leftovers.
    await (await import('./s3-store')).s3Store(s3SettingsFrom(config), path.join(config.DATA_DIR, 'uploads'))
  : diskStore(path.join(config.DATA_DIR, 'assets'));

/** The sniffed type of a source's bytes. */
export const sniffSource = (source: AssetSource) =>
  sniffMimeType('path' in source ? readHead(source.path) : source.bytes);

/**
 * The type of a file from its first bytes, never from its name: file-type knows the binary formats;
 * what it does not know is plain text when it decodes as UTF-8, else a generic binary.
 */
export async function sniffMimeType(bytes: Uint8Array): Promise<string> {
  // file-type (about 10 MB resident) loads with the first upload, not with the server.
  const { fileTypeFromBuffer } = await import('file-type');
  const known = await fileTypeFromBuffer(bytes);
  if (known) return known.mime;
  const sample = bytes.subarray(0, 4096);
  if (sample.length > 0 && !sample.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample);
      return 'text/plain';
    } catch {
      /* binary */
    }
  }
  return 'application/octet-stream';
}

export const isImageType = (mime: string) => /^image\/(jpeg|png|gif|webp)$/.test(mime);

export class AssetError extends Error {}

export interface PreparedAsset {
  row: AssetsTable;
  /** the file as made on local disk (a re-encoded image, or an attachment's original bytes); with
   * S3 it is gone once stored, so only API_URL mode (disk only) reads it */
  path: string;
  /** Removes the files written for this asset: call it when the surrounding write fails. */
  discard(): void;
}

/** Removes an asset's files; a failure is logged, and the hourly sweep finds what is left. */
function removeFiles(id: string) {
  files.remove(id).catch((error) => console.error(`Removing the files of asset ${id} failed:`, error));
}

/** Where the bytes come from: memory (seed, import) or an upload already streamed to a temp file. */
export type AssetSource = { bytes: Uint8Array } | { path: string };

const readHead = (file: string) => {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4100);
    return head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
  } finally {
    fs.closeSync(fd);
  }
};

async function sha256Of(source: AssetSource) {
  const hash = crypto.createHash('sha256');
  if ('bytes' in source) return hash.update(source.bytes).digest('hex');
  for await (const chunk of fs.createReadStream(source.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Moves an upload's temp file into the store (a rename: both live under DATA_DIR). */
function moveInto(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to);
    fs.rmSync(from, { force: true });
  }
}

// sharp (libvips) adds some 30 MB of resident memory once loaded, so it loads with the first image
// to encode, not at start-up: a site that only serves pages never pays for it.
let sharpLoaded: Promise<typeof import('sharp')> | undefined;
async function decode(source: Buffer | string) {
  const { default: sharp } = await (sharpLoaded ??= import('sharp'));
  return sharp(source, { limitInputPixels: 40_000_000 });
}

async function writeVariants(dir: string, source: Buffer | string, width: number) {
  const variants = variantWidths(width);
  for (const variant of variants) {
    await (
      await decode(source)
    )
      .rotate()
      .resize({ width: variant })
      .webp({ quality: 80 })
      .toFile(path.join(dir, variantFile(variant)));
  }
  return variants;
}

/**
 * Writes a file to the store and returns the row to insert. Avatars, banners and project images
 * (kind 'image') are re-encoded by sharp, which drops their metadata; attachments (kind 'file')
 * keep their original bytes and name, and image attachments get WebP previews beside them. Nothing
 * touches the database here, so callers can insert inside their transaction.
 */
export async function prepareAsset(
  input: AssetSource & { filename: string; ownerId: string | null; kind: 'image' | 'file' },
): Promise<PreparedAsset> {
  const size = 'path' in input ? fs.statSync(input.path).size : input.bytes.byteLength;
  const sniffed = await sniffSource(input);
  if (input.kind === 'image' && !isImageType(sniffed)) {
    throw new AssetError('The file is not an image (JPEG, PNG, GIF or WebP).');
  }
  const limit = input.kind === 'image' ? IMAGE_LIMIT_BYTES : ATTACHMENT_LIMIT_BYTES;
  if (size > limit) {
    throw new AssetError(`The file is larger than ${limit / 1024 / 1024} MB.`);
  }
  // Images (at most 5 MB) are read once, for both the hash and sharp; attachments are streamed.
  const imageBytes =
    input.kind === 'image'
      ? 'path' in input
        ? fs.readFileSync(input.path)
        : Buffer.from(input.bytes)
      : null;
  const sha256 = await sha256Of(imageBytes ? { bytes: imageBytes } : input);
  const id = crypto.randomBytes(16).toString('hex');
  const dir = files.workDir(id);
  const discard = () => removeFiles(id);
  fs.mkdirSync(dir, { recursive: true });
  const original = path.join(dir, ORIGINAL);
  let prepared: PreparedAsset;
  try {
    let mime = sniffed;
    let filename = safeFilename(input.filename);
    let stored = size;
    let width: number | null = null;
    let height: number | null = null;
    let variants: number[] = [];
    if (imageBytes) {
      const image = (await decode(imageBytes)).rotate();
      // GIFs become PNGs (first frame): small, and no animation surprises in avatars.
      const encoded =
        sniffed === 'image/jpeg'
          ? image.jpeg({ quality: 85, mozjpeg: true })
          : sniffed === 'image/webp'
            ? image.webp({ quality: 85 })
            : image.png({ compressionLevel: 9 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      mime = info.format === 'jpeg' ? 'image/jpeg' : `image/${info.format}`;
      if (sniffed === 'image/gif') filename = filename.replace(/\.gif$/i, '') + '.png';
      fs.writeFileSync(original, data);
      stored = data.byteLength;
      width = info.width;
      height = info.height;
      variants = await writeVariants(dir, data, info.width);
    } else {
      if ('path' in input) moveInto(input.path, original);
      else fs.writeFileSync(original, input.bytes);
      if (isImageType(sniffed)) {
        try {
          const meta = await (await decode(original)).metadata();
          const turned = (meta.orientation ?? 1) >= 5;
          width = (turned ? meta.height : meta.width) ?? null;
          height = (turned ? meta.width : meta.height) ?? null;
          variants = width ? await writeVariants(dir, original, width) : [];
        } catch {
          // Image bytes that do not decode: keep the file, but only as a download.
          for (const file of fs.readdirSync(dir)) if (file !== ORIGINAL) fs.rmSync(path.join(dir, file));
          mime = 'application/octet-stream';
          width = height = null;
          variants = [];
        }
      }
    }
    const row: AssetsTable = {
      id,
      owner_id: input.ownerId,
      filename,
      mime_type: mime,
      size: stored,
      sha256,
      width,
      height,
      variants: JSON.stringify(variants),
      created_at: nowIso(),
    };
    prepared = { row, path: original, discard };
  } catch (error) {
    discard();
    if (error instanceof AssetError) throw error;
    throw new AssetError('The image could not be read.');
  }
  // A store that fails (S3 down) is the site's problem, not the file's: it is not an AssetError.
  try {
    await files.keep(id);
  } catch (error) {
    discard();
    throw error;
  }
  return prepared;
}

/** An asset with the same content, name and owner, so re-running an import or seed stores nothing twice. */
export async function findAssetByContent(
  db: Kysely<Database>,
  bytes: Uint8Array,
  filename: string,
  ownerId: string | null,
) {
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  return db
    .selectFrom('assets')
    .select('id')
    .where('sha256', '=', sha256)
    .where('filename', '=', safeFilename(filename))
    .where('owner_id', ownerId === null ? 'is' : '=', ownerId)
    .executeTakeFirst();
}

/** A file to send: from this store's disk, or streamed from an upstream backend (API_URL). */
export interface StoredFile {
  /** bytes, when known before sending */
  size: number | null;
  mimeType: string;
  filename: string;
  etag: string | null;
  isImage: boolean;
  open(): ReadableStream<Uint8Array>;
  /** lets go of a body that will not be sent (a backend's open answer) */
  close?(): void;
}

/** The file to send for /assets/{id}, or the WebP variant closest above `width`. Null when unknown. */
export async function findStoredFile(
  db: Kysely<Database>,
  id: string,
  width?: number,
): Promise<StoredFile | null> {
  if (!ASSET_ID.test(id)) return null;
  const row = await db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const isImage = isImageType(row.mime_type);
  const variants: number[] = JSON.parse(row.variants);
  const variant = isImage && width ? variants.find((candidate) => candidate >= width) : undefined;
  const stored = await files.read(id, variant ? variantFile(variant) : ORIGINAL);
  if (!stored) return null;
  return {
    open: () => createReadableStreamFromReadable(stored.stream()),
    close: stored.close,
    size: stored.size,
    mimeType: variant ? 'image/webp' : row.mime_type,
    // Again on the way out: rows stored before the rule covered invisible characters and dots.
    filename: safeFilename(row.filename),
    etag: `"${row.sha256.slice(0, 32)}${variant ? `-w${variant}` : ''}"`,
    isImage,
  };
}

/** Where an asset's file is on disk; API_URL mode only, where files never go to S3. */
export const originalPath = (id: string) => path.join(files.workDir(id), ORIGINAL);

/** Deletes an asset's files and row (used when its owner replaces or removes it). */
export async function deleteAsset(db: Kysely<Database>, id: string) {
  if (!ASSET_ID.test(id)) return;
  await db.deleteFrom('assets').where('id', '=', id).execute();
  await files.remove(id);
}

/** No member, project or post names the asset. */
const unused = ({ not, exists, selectFrom, or, ref }: ExpressionBuilder<Database, 'assets'>) =>
  not(
    or([
      exists(
        selectFrom('users')
          .select('id')
          .where((eb) =>
            eb.or([eb('avatar_id', '=', ref('assets.id')), eb('banner_id', '=', ref('assets.id'))]),
          ),
      ),
      exists(
        selectFrom('projects')
          .select('id')
          .where((eb) =>
            eb.or([eb('banner_id', '=', ref('assets.id')), eb('logo_id', '=', ref('assets.id'))]),
          ),
      ),
      exists(selectFrom('posts').select('id').where('file_id', '=', ref('assets.id'))),
    ]),
  );

/**
 * Removes uploads nothing uses, older than a day: registration images whose sign-up was abandoned,
 * and API uploads never attached to a post or profile. Runs at start-up.
 */
export async function sweepOrphanAssets(db: Kysely<Database>) {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const orphans = await db
    .selectFrom('assets')
    .select('id')
    .where('created_at', '<', dayAgo)
    .where(unused)
    .execute();
  for (const { id } of orphans)
    await deleteAsset(db, id).catch((error) => console.error(`Removing unused asset ${id} failed:`, error));
  return orphans.length;
}

/**
 * Deletes an upload made before sign-up (no owner) that nothing uses, row and files, in one
 * statement; anything else stays. A registration draft's image replaced on step 2 goes this way:
 * its id comes from a cookie that can be sent again after sign-up, when the image is the member's.
 */
export async function deleteUnusedUpload(db: Kysely<Database>, id: string) {
  if (!ASSET_ID.test(id)) return;
  const deleted = await db
    .deleteFrom('assets')
    .where('id', '=', id)
    .where('owner_id', 'is', null)
    .where(unused)
    .returning('id')
    .executeTakeFirst();
  if (deleted) await files.remove(id);
}

/** The asset ids among `ids` that have a row. */
async function rowsAmong(db: Kysely<Database>, ids: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('assets')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Files are stored before the row that names them is committed, so a process killed in between
 * leaves a folder without a row. Removes those written more than `minAgeMs` ago (younger ones may
 * belong to a write still in flight on some instance) and returns how many.
 */
export async function sweepUnreferencedFiles(db: Kysely<Database>, minAgeMs = 60 * 60 * 1000) {
  const before = Date.now() - minAgeMs;
  const candidates: string[] = [];
  for await (const folder of files.folders())
    if (folder.modified.getTime() <= before) candidates.push(folder.id);
  const known = await rowsAmong(db, candidates);
  const unreferenced = candidates.filter((id) => !known.has(id));
  for (const id of unreferenced) await files.remove(id);
  return unreferenced.length;
}

/** Rows against files: how many rows, rows whose file is missing, folders without a row. */
export async function checkFiles(db: Kysely<Database>) {
  const rows = await db.selectFrom('assets').select('id').execute();
  const stored = await listFolders(files);
  const known = new Set(rows.map((row) => row.id));
  return {
    rows: rows.length,
    missing: rows.filter((row) => !stored.withOriginal.has(row.id)).map((row) => row.id),
    unreferenced: [...stored.all].filter((id) => !known.has(id)),
  };
}
