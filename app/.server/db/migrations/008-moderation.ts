import type { Kysely } from 'kysely';

// Moderation and members' choices (docs/decisions/018-admin-area.md): a member can leave the
// directory (`hidden`), an admin can stop a member signing in (`disabled_at`), and an admin who
// removes a post leaves its author a notice with the reason (`post_removals`).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('users')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema
    .createTable('post_removals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The post as it was: it is gone, and its author is told which one.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_removals_user').on('post_removals').column('user_id').execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('post_removals').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('hidden').execute();
}
