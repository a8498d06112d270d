import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { sealer } from '../../sealed-cookie';

// A member's private feed token no longer sits in the database as it is
// (docs/decisions/026-feed-tokens-at-rest.md): a feed is found by the token's SHA-256, and the token
// itself is kept sealed with SESSION_SECRET so /bookings can show it again. A backup alone reveals
// no live feed. Legacy rows are converted here, so every subscribed address keeps working.
// The hash and the sealing purpose are fixed here as they were when this ran; feeds.ts uses the same.
const hash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export async function up(db: Kysely<unknown>) {
  const { seal } = sealer<string>('calendar-feed');
  const { rows } = await sql<{ user_id: string; token: string; created_at: string }>`
    select user_id, token, created_at from calendar_feeds`.execute(db);
  // A new table rather than altered columns: SQLite cannot drop a column with a unique constraint.
  await db.schema
    .createTable('member_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const row of rows)
    await sql`
      insert into member_feeds (user_id, token_hash, token_sealed, created_at)
      values (${row.user_id}, ${hash(row.token)}, ${seal(row.token)}, ${row.created_at})`.execute(db);
  await db.schema.dropTable('calendar_feeds').execute();
}

export async function down(db: Kysely<unknown>) {
  const { open } = sealer<string>('calendar-feed');
  const { rows } = await sql<{ user_id: string; token_sealed: string; created_at: string }>`
    select user_id, token_sealed, created_at from member_feeds`.execute(db);
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const row of rows) {
    const token = open(row.token_sealed);
    if (token)
      await sql`insert into calendar_feeds (user_id, token, created_at)
        values (${row.user_id}, ${token}, ${row.created_at})`.execute(db);
  }
  await db.schema.dropTable('member_feeds').execute();
}
