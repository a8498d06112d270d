import type { Kysely } from 'kysely';

// When a session last asked the identity provider whether its account is still enabled.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('sessions').addColumn('checked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('sessions').dropColumn('checked_at').execute();
}
