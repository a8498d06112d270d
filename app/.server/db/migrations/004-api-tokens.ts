import type { Kysely } from 'kysely';

// Bearer tokens of `POST /api/auth/login` (local identity provider): only a hash is stored. And
// who uploaded a file through /api before they were a member: only they may use it at sign-up.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('assets').addColumn('uploader_uid', 'text').execute();
  await db.schema
    .createTable('api_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.alterTable('assets').dropColumn('uploader_uid').execute();
}
