// The S3-compatible FileStore (S3_BUCKET; docs/decisions/015-object-storage.md). A site that keeps
// files on disk never loads the AWS SDK.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ASSET_ID, folderOf, type FileStore, type S3Settings } from './file-store';

/** An S3-compatible bucket; `workRoot` is a local folder for files on their way up. */
export async function s3Store(settings: S3Settings, workRoot: string): Promise<FileStore> {
  // Imported here, not at the top: the server build bundles this module into the server's, where a
  // top-level import would load the SDK (about 20 MB resident) on every site.
  const {
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  // Only a missing key is a missing file; a missing bucket is a misconfiguration and must be loud.
  const missing = (error: unknown) => error instanceof S3ServiceException && error.name === 'NoSuchKey';
  /** Server errors, throttling and dropped connections are worth another try; refusals are not. */
  const transient = (error: unknown) =>
    !(error instanceof S3ServiceException) || (error.$metadata.httpStatusCode ?? 500) >= 500;

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
