import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './browser';
import { startPostgres } from './postgres';

// vitest.postgres.config.ts: one PostgreSQL cluster for the run, named to the test workers by
// DATABASE_URL; it and the run's DATA_DIR go when the run ends.
export default async function setup() {
  const cluster = startPostgres(
    path.join(os.tmpdir(), `makerspace-unit-pg-cluster-${process.pid}`),
    await freePort(),
  );
  process.env.DATABASE_URL = cluster.url;
  return () => {
    cluster.stop();
    fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
  };
}
