// An S3-compatible server on loopback for the tests: s3rver (from the npm registry), its objects in
// a temp folder, the buckets created at start. Speaks real S3 HTTP with SigV4 signatures.
import fs from 'node:fs';
import S3rver from '@20minutes/s3rver';
import { s3SettingsFrom } from '../../app/.server/file-store';
import { s3Store } from '../../app/.server/s3-store';

export interface S3Server {
  endpoint: string;
  /** The site's environment for one of the buckets. */
  env(bucket: string): Record<string, string>;
  stop(): Promise<void>;
}

// s3rver's built-in account.
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startS3(directory: string, buckets: string[], port = 0): Promise<S3Server> {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...CREDENTIALS,
    }),
    // Safe to call twice (a test server stops on SIGTERM and again when its site exits).
    stop() {
      stopped ??= server.close().then(() => fs.rmSync(directory, { recursive: true, force: true }));
      return stopped;
    },
  };
}

/** The site's file store for an environment made by `env` (to look into the bucket from a test). */
export const storeOf = (env: Record<string, string>, workDir: string) =>
  s3Store(
    s3SettingsFrom({
      ...env,
      S3_REGION: env.S3_REGION ?? 'us-east-1',
      S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE === 'true',
    }),
    workDir,
  );
