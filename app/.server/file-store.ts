// Where uploaded files live (docs/architecture.md §9): a folder per asset, `{id[0:2]}/{id}/`, with
// `original` and its WebP width variants `w{n}.webp`, on disk under DATA_DIR/assets (the default)
// or in an S3-compatible bucket (S3_BUCKET; s3-store.ts, loaded only then). New files are written
// into a local work folder first (sharp and the upload parser need files) and kept from there: on
// disk the work folder is the asset's folder; with S3 each file is streamed up and the folder
// removed.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** One stored file, found; its bytes are read only when `stream` is called. */
export interface StoredBytes {
  size: number;
  stream(): Readable;
  /** lets go of a body that will not be read */
  close(): void;
}

export interface FileStore {
  /** how messages name it: a folder or s3://bucket */
  readonly label: string;
  /** A local folder to write a new asset's files into; `keep` then stores them. */
  workDir(id: string): string;
  keep(id: string): Promise<void>;
  read(id: string, name: string): Promise<StoredBytes | null>;
  /** Stores one file from a stream (restore, copy). */
  write(id: string, name: string, body: Readable, size: number): Promise<void>;
  /** Removes every file of an asset; files that are not there are no error. */
  remove(id: string): Promise<void>;
  /** Every asset folder in the store, with when its newest file was written. */
  folders(): AsyncGenerator<{ id: string; names: string[]; modified: Date }>;
  /** True when the store answers (for /healthz). */
  available(): Promise<boolean>;
}

export const ASSET_ID = /^[0-9a-f]{32}$/;
export const folderOf = (id: string) => `${id.slice(0, 2)}/${id}`;

/** The names of an asset's files in its folder. */
export const ORIGINAL = 'original';
export const variantFile = (width: number) => `w${width}.webp`;

/** One pass over a store: every asset folder, and those holding an original. */
export async function listFolders(store: FileStore) {
  const all = new Set<string>();
  const withOriginal = new Set<string>();
  for await (const folder of store.folders()) {
    all.add(folder.id);
    if (folder.names.includes(ORIGINAL)) withOriginal.add(folder.id);
  }
  return { all, withOriginal };
}

export function diskStore(root: string): FileStore {
  const dir = (id: string) => path.join(root, folderOf(id));
  return {
    label: root,
    workDir: dir,
    keep: async () => {},
    async read(id, name) {
      const file = path.join(dir(id), name);
      let size: number;
      try {
        size = fs.statSync(file).size;
      } catch {
        return null;
      }
      return { size, stream: () => fs.createReadStream(file), close: () => {} };
    },
    async write(id, name, body) {
      fs.mkdirSync(dir(id), { recursive: true });
      const file = path.join(dir(id), name);
      await pipeline(body, fs.createWriteStream(`${file}.partial`));
      fs.renameSync(`${file}.partial`, file);
    },
    // Synchronous work inside: a failed write's files are gone when its discard() returns.
    async remove(id) {
      fs.rmSync(dir(id), { recursive: true, force: true });
      try {
        fs.rmdirSync(path.dirname(dir(id)));
      } catch {
        /* other assets share the parent */
      }
    },
    async *folders() {
      if (!fs.existsSync(root)) return;
      for (const prefix of fs.readdirSync(root)) {
        if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
        const ids = fs.existsSync(path.join(root, prefix)) ? fs.readdirSync(path.join(root, prefix)) : [];
        for (const id of ids) {
          if (!ASSET_ID.test(id)) continue;
          // Folders come and go while this runs (writes, deletes): one that is gone is skipped.
          const folder = path.join(root, prefix, id);
          const times: number[] = [];
          const names: string[] = [];
          for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
            const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
            if (!stat) continue;
            names.push(name);
            times.push(stat.mtimeMs);
          }
          const stat = fs.statSync(folder, { throwIfNoEntry: false });
          if (stat) yield { id, names, modified: new Date(Math.max(stat.mtimeMs, ...times)) };
        }
      }
    },
    async available() {
      try {
        fs.mkdirSync(root, { recursive: true });
        await fs.promises.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3 settings from the environment, for the bucket named (S3_BUCKET unless told another). */
export function s3SettingsFrom(
  env: {
    S3_BUCKET?: string;
    S3_ENDPOINT?: string;
    S3_REGION: string;
    S3_ACCESS_KEY_ID?: string;
    S3_SECRET_ACCESS_KEY?: string;
    S3_FORCE_PATH_STYLE: boolean;
  },
  bucket = env.S3_BUCKET,
): S3Settings {
  if (!bucket) throw new Error('no bucket named');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
