import type { Kysely } from 'kysely';

// The directory reads one page of listed members in joining order (app/.server/store/directory.ts):
// this index serves its count and its page without reading the rest. A member's posts are read
// through posts_user_created (migration 001).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex('users_directory')
    .on('users')
    .columns(['hidden', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('users_directory').execute();
}
