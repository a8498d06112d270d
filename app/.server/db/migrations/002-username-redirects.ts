import type { Kysely } from 'kysely';

// Old usernames keep working: /members/{old} and /posts/{old}/{slug} redirect to the new name.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('username_redirects')
    .addColumn('old_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('username_redirects').execute();
}
