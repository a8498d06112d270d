// Where uploaded files live (docs/architecture.md §6): a folder per asset, `{id[0:2]}/{id}/`, with
// `original` and its WebP width variants `w{n}.webp`, on disk under DATA_DIR/assets (the default)
// or in an S3-compatible bucket (S3_BUCKET). New files are written into a local work folder first
// (sharp and the upload parser need files) and kept from there: on disk the work folder is the
// asset's folder; with S3 each file is streamed up and the work folder removed.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

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

const ASSET_ID = /^[0-9a-f]{32}$/;
const folderOf = (id: string) => `${id.slice(0, 2)}/${id}`;

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

// Only a missing key is a missing file; a missing bucket is a misconfiguration and must be loud.
const missing = (error: unknown) => error instanceof S3ServiceException && error.name === 'NoSuchKey';

/** Server errors, throttling and dropped connections are worth another try; refusals are not. */
const transient = (error: unknown) =>
  !(error instanceof S3ServiceException) || (error.$metadata.httpStatusCode ?? 500) >= 500;

/** An S3-compatible bucket; `workRoot` is a local folder for files on their way up. */
export function s3Store(settings: S3Settings, workRoot: string): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the newer default (streamed trailing checksums) is
    // not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails requests (and /healthz) instead of holding them.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  // Path-style requests on the bucket itself go to `/bucket`, as boto3 and the v2 SDK send them:
  // v3 sends `/bucket/`, which some S3-compatible servers (s3rver) sign differently.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (settings.forcePathStyle && request.path === `/${settings.bucket}/`)
        request.path = `/${settings.bucket}`;
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  const Bucket = settings.bucket;
  const work = (id: string) => path.join(workRoot, id);
  const keysOf = async (id: string) => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folderOf(id)}/` }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  };
  const put = async (id: string, name: string, body: Readable, size: number) => {
    try {
      await client.send(
        new PutObjectCommand({ Bucket, Key: `${folderOf(id)}/${name}`, Body: body, ContentLength: size }),
      );
    } finally {
      body.destroy(); // read to the end, or left behind by a failed request: either way, let go
    }
  };
  // The SDK does not retry a streamed body, so a file is sent again (from the start) here.
  const putFile = async (id: string, name: string, file: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await put(id, name, fs.createReadStream(file), fs.statSync(file).size);
      } catch (error) {
        if (attempt === 3 || !transient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };
  return {
    label: `s3://${Bucket}`,
    workDir: work,
    async keep(id) {
      const dir = work(id);
      try {
        for (const name of fs.readdirSync(dir)) {
          const file = path.join(dir, name);
          await putFile(id, name, file);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    async read(id, name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: `${folderOf(id)}/${name}` }));
        const body = object.Body as Readable;
        return { size: object.ContentLength ?? 0, stream: () => body, close: () => body.destroy() };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    write: put,
    async remove(id) {
      fs.rmSync(work(id), { recursive: true, force: true });
      const keys = await keysOf(id);
      if (!keys.length) return;
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
      );
      // The answer is 200 even when some keys were not deleted: those are listed in Errors.
      if (result.Errors?.length)
        throw new Error(`S3 kept ${result.Errors.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
    },
    async *folders() {
      let token: string | undefined;
      let current: { id: string; names: string[]; modified: Date } | null = null;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        // Keys come sorted, so one folder's files are next to each other.
        for (const object of page.Contents ?? []) {
          const [, id, name] = object.Key!.split('/');
          if (!id || !name || !ASSET_ID.test(id)) continue;
          const modified = object.LastModified ?? new Date(0);
          if (current && current.id === id) {
            current.names.push(name);
            if (modified > current.modified) current.modified = modified;
            continue;
          }
          if (current) yield current;
          current = { id, names: [name], modified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      if (current) yield current;
    },
    async available() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
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
