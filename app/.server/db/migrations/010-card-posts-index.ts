import type { Kysely } from 'kysely';

// A directory card lists its member's newest posts (app/.server/store/directory.ts): this index holds
// them in that order, newest first with the id breaking ties, along with everything the card shows
// (slug, title, Featured), so each card's read walks six index entries and never the posts' rows
// with their text. It replaces posts_user_created (user_id, created_at), whose every use (a
// member's posts newest first, their count) it serves as well.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex('posts_user_newest')
    .on('posts')
    .columns(['user_id', 'created_at desc', 'id', 'slug', 'title', 'starred'])
    .execute();
  await db.schema.dropIndex('posts_user_created').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.createIndex('posts_user_created').on('posts').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('posts_user_newest').execute();
}
