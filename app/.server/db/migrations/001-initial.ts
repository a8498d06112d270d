import type { Kysely } from 'kysely';

// Every table of docs/architecture.md §5b, so later issues only add behaviour, not schema churn.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assets_sha256').on('assets').column('sha256').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('fullname', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('qualifications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('avatar_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('banner_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('identity_uid', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('local_accounts')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('invite_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('uses_left', 'integer', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('posts_user_slug', ['user_id', 'slug'])
    .execute();
  await db.schema.createIndex('posts_user_created').on('posts').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('banner_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('logo_id', 'text', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('auth_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'rate_limits',
    'auth_codes',
    'project_members',
    'projects',
    'posts',
    'invite_keys',
    'sessions',
    'local_accounts',
    'users',
    'assets',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
