// db/schema.ts is written by hand beside the migrations: this holds it to the migrated database,
// on the engine of this run (SQLite here, PostgreSQL in the second unit run). Each table the
// Database interface names exists with exactly the columns its interface lists, and the migrated
// database has no table the interface leaves out (Kysely's own bookkeeping aside).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { db } from '.';
import { isPostgres } from './engine';
import { bookingRow } from '../bookings/core/rows';
import { EVENT_KINDS, type EventActor, type EventKind } from '~/lib/bookings/models';
import { hourAhead, minutesAfter, newMember, newResource } from '../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

/** The Database interface read from the source: table name to its column names. */
function declared() {
  const source = fs.readFileSync(path.join(__dirname, 'schema.ts'), 'utf8');
  const interfaces = new Map<string, string[]>();
  for (const m of source.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm))
    interfaces.set(
      m[1],
      [...m[2].matchAll(/^ {2}(\w+)\??:/gm)].map((column) => column[1]),
    );
  const tables = new Map<string, string[]>();
  for (const [table, type] of (interfaces.get('Database') ?? []).map((name) => [
    name,
    new RegExp(`^ {2}${name}: (\\w+);`, 'm').exec(source)![1],
  ]))
    tables.set(table, [...(interfaces.get(type) ?? [])].sort());
  return tables;
}

/** The migrated database: table name to its column names. */
async function migrated() {
  const rows = isPostgres(db)
    ? (
        await sql<{ table: string; column: string }>`
          select table_name as table, column_name as column from information_schema.columns
          where table_schema = current_schema()`.execute(db)
      ).rows
    : (
        await sql<{ table: string; column: string }>`
          select m.name as "table", p.name as "column" from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)
      ).rows;
  const tables = new Map<string, string[]>();
  for (const { table, column } of rows)
    if (!table.startsWith('kysely_')) tables.set(table, [...(tables.get(table) ?? []), column]);
  for (const columns of tables.values()) columns.sort();
  return tables;
}

test('db/schema.ts names every table and column of the migrated database, and nothing else', async () => {
  const [expected, actual] = [declared(), await migrated()];
  expect(expected.size).toBeGreaterThan(15);
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
});

test('booking_events holds every kind and actor the lifecycle writes, and refuses any other', async () => {
  const resource = await newResource(db);
  const member = await newMember(db, 'events');
  const booking = bookingRow({
    resourceId: resource.id,
    kind: 'booking',
    userId: member.id,
    start: hourAhead(9),
    end: minutesAfter(hourAhead(9), 60),
    bufferMinutes: 0,
    now: new Date(),
  });
  await db.insertInto('bookings').values(booking).execute();
  const event = (kind: string, actor: string) =>
    db
      .insertInto('booking_events')
      .values({
        id: crypto.randomUUID(),
        booking_id: booking.id,
        at: new Date().toISOString(),
        kind: kind as EventKind,
        actor: actor as EventActor,
      })
      .execute();
  for (const kind of EVENT_KINDS) await event(kind, 'lab');
  for (const actor of ['member', 'lab', 'admin CLI', '@ada']) await event('booked', actor);
  await expect(event('bumped', 'lab')).rejects.toThrow(/booking_events/);
  await expect(event('booked', 'someone')).rejects.toThrow(/booking_events/);
});
