// Migration 012 on a store that holds feeds from before it, on the engine of this run: every
// subscribed address keeps working, and no plain token is left in the store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { connect, db, migrator, type Database } from '..';
import { config } from '../../config';
import { bookingsIn } from '../../bookings';

const postgres = config.DATABASE_URL?.startsWith('postgres');
const name = `feeds_${process.pid}_${Date.now()}`;
const sqliteFile = path.join(os.tmpdir(), `${name}.sqlite`);
let legacy: Kysely<Database>;

afterAll(async () => {
  await legacy?.destroy();
  if (postgres) await sql`drop database if exists ${sql.raw(name)}`.execute(db);
  else for (const end of ['', '-wal', '-shm']) fs.rmSync(`${sqliteFile}${end}`, { force: true });
  await db.destroy();
});

test('feeds made before 012 open at the same address after it, and the plain token is gone', async () => {
  if (postgres) await sql`create database ${sql.raw(name)}`.execute(db);
  const url = postgres ? config.DATABASE_URL!.replace(/\/[^/?]*(\?|$)/, `/${name}$1`) : sqliteFile;
  legacy = await connect(url, os.tmpdir());
  const { error } = await migrator(legacy).migrateTo('011-bookings');
  expect(error).toBeUndefined();
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  await sql`insert into users (id, username, username_key, email, fullname, created_at, updated_at)
    values ('u1', 'legacy', 'legacy', 'legacy@example.com', 'Legacy Member', ${now}, ${now})`.execute(legacy);
  await sql`insert into calendar_feeds (user_id, token, created_at) values ('u1', ${token}, ${now})`.execute(
    legacy,
  );

  expect((await migrator(legacy).migrateToLatest()).error).toBeUndefined();
  const { feeds } = bookingsIn(legacy);
  expect(await feeds.calendar(token)).not.toBeNull();
  expect(await feeds.token('u1')).toBe(token);
  const rows = await legacy.selectFrom('member_feeds').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain(token);
});
