import type { Kysely } from 'kysely';

// With API_URL (docs/api.md), a session holds the member's Firebase tokens: the ID token the
// backend takes, when it expires, and the refresh token (encrypted) that renews it.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('id_token_expires_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('refresh_token', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of ['id_token', 'id_token_expires_at', 'refresh_token'])
    await db.schema.alterTable('sessions').dropColumn(column).execute();
}
