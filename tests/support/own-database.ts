// A store of a unit test file's own, so its counts and orders are not upset by other files: a new
// database on the cluster of DATABASE_URL (the PostgreSQL run), else a SQLite file in a temporary
// folder. Migrated; closed after the file's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { config } from '../../app/.server/config';
import { connect, migrateToLatest } from '../../app/.server/db';
import { freshDatabase } from './postgres';

export async function ownDatabase(prefix: string) {
  const db = await connect(
    process.env.DATABASE_URL
      ? await freshDatabase(process.env.DATABASE_URL)
      : `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`)), 'store.sqlite')}`,
    config.DATA_DIR,
  );
  await migrateToLatest(db);
  afterAll(() => db.destroy());
  return db;
}
