// The store's `assets` group against an upstream backend (remote.ts), and the uploads every write
// with a file makes: a prepared file is sent to the backend's upload call, which answers its id.
// Uploads before sign-up have no token to go with: they wait in this site's own store.
import fs from 'node:fs';
import contentDisposition from 'content-disposition';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteUnusedUpload, isImageType, type PreparedAsset, type StoredFile } from '../assets';
import { safeFilename } from '~/lib/files';
import { ApiError, NO_ASSET_ID } from '~/lib/models';
import type { FileChoice } from './asset-claims';
import type { Store } from './index';
import { answered, type RemoteHttp } from './remote-http';
import { RemoteUpload } from './remote-schemas';

export type RemoteUploads = ReturnType<typeof remoteUploads>;

export function remoteUploads(http: RemoteHttp) {
  /** Sends a prepared file to the backend and returns its id. */
  async function upload(token: string | null, asset: Pick<PreparedAsset, 'row' | 'path'>): Promise<string> {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(asset.path, { type: asset.row.mime_type }), asset.row.filename);
    const response = await http.send('upload', `/assets/upload/${encodeURIComponent(asset.row.filename)}`, {
      method: 'POST',
      form,
      token,
    });
    const id = await http.read('upload', response, RemoteUpload);
    if (!id) throw new ApiError(502, NO_ASSET_ID);
    return id;
  }

  /** Uploads a file this request prepared; the local copy goes either way. */
  async function uploadPrepared(token: string | null, asset: PreparedAsset) {
    try {
      return await upload(token, asset);
    } finally {
      asset.discard();
    }
  }

  return {
    upload,
    uploadPrepared,
    /** The id for a write's file: an id as it is, a prepared file uploaded now. */
    fileId: (token: string | null, choice: FileChoice | null) =>
      choice === null || typeof choice === 'string' ? choice : uploadPrepared(token, choice),
  };
}

export function remoteAssets(
  http: RemoteHttp,
  uploads: RemoteUploads,
  db: Kysely<Database>,
): Store['assets'] {
  return {
    async file(id, width, ifNoneMatch) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
      let response: Response;
      try {
        response = await http.send('asset', `/assets/${id}${width ? `?w=${width}` : ''}`, {
          // Bytes as stored, so Content-Length and ETag describe what is passed on.
          headers: {
            Accept: '*/*',
            'Accept-Encoding': 'identity',
            ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
          },
          stream: true,
        });
      } catch (error) {
        if (answered(error, 404)) return null;
        throw error;
      }
      if (response.status === 304) return 'not-modified' as const;
      return streamedFile(response);
    },
    async save(owner, asset) {
      if (owner) return uploads.uploadPrepared(owner.token, asset);
      // Before sign-up there is no token to upload with: kept here until the member exists.
      try {
        await db.insertInto('assets').values(asset.row).execute();
        return asset.row.id;
      } catch (error) {
        asset.discard();
        throw error;
      }
    },
    // Uploads before sign-up wait in this store (save), so they are deleted here too.
    discardUpload: (id) => deleteUnusedUpload(db, id),
  };
}

/** A backend's file answer as a file to pass on, its body unread. */
function streamedFile(response: Response): StoredFile {
  const mimeType = (response.headers.get('Content-Type') ?? 'application/octet-stream').split(';')[0].trim();
  let filename = 'file';
  try {
    filename = safeFilename(
      contentDisposition.parse(response.headers.get('Content-Disposition') ?? '').parameters.filename ??
        filename,
    );
  } catch {
    /* no usable name: 'file' */
  }
  const length = Number(response.headers.get('Content-Length'));
  const body = response.body;
  return {
    size: Number.isFinite(length) && length > 0 ? length : null,
    mimeType,
    filename,
    etag: response.headers.get('ETag'),
    isImage: isImageType(mimeType),
    open: () => body ?? new ReadableStream({ start: (controller) => controller.close() }),
    close: () => void body?.cancel().catch(() => {}),
  };
}
