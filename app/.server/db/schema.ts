// Table types for Kysely. Dates are ISO-8601 text and booleans 0/1 integers, so the same queries
// run on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  /** lower-cased username: the public member id and the uniqueness key */
  username_key: string;
  /** lower-cased e-mail, unique */
  email: string;
  fullname: string;
  bio: string;
  /** JSON array of strings, at most 5 */
  qualifications: string;
  avatar_id: string | null;
  banner_id: string | null;
  /** the account at the identity provider (local or Firebase uid) */
  identity_uid: string | null;
  created_at: string;
  updated_at: string;
  /** 'member' or 'admin' (npm run admin -- member promote) */
  role: Generated<Role>;
  /** the invite key they registered with (null: imported, seeded, or the key is gone) */
  invite_id: string | null;
  /** 1: left out of the directory, the sitemap and feeds (the member's choice on /profile) */
  hidden: Generated<number>;
  /** when an admin stopped this member signing in (null: they may) */
  disabled_at: Generated<string | null>;
}

export type Role = 'member' | 'admin';

export interface LocalAccountsTable {
  uid: string;
  email: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** Last time the identity provider confirmed the account (null: never asked). */
  checked_at: string | null;
  /** With API_URL: the member's Firebase ID token for the backend, its expiry, and the refresh token (sealed). */
  id_token: string | null;
  id_token_expires_at: string | null;
  refresh_token: string | null;
}

export interface ApiTokensTable {
  /** sha256 of the bearer token */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface InviteKeysTable {
  id: string;
  key_hash: string;
  /** first characters of the key, so an admin can tell keys apart in `invite list` */
  key_hint: string;
  uses_left: number;
  max_uses: number;
  expires_at: string | null;
  revoked_at: string | null;
  note: string | null;
  created_at: string;
}

export interface PostsTable {
  id: string;
  user_id: string;
  slug: string;
  title: string;
  content: string;
  starred: number;
  file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectsTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  url: string;
  featured: number;
  /** JSON array of strings */
  tags: string;
  banner_id: string | null;
  logo_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: string;
  position: number;
}

export interface AssetsTable {
  id: string;
  owner_id: string | null;
  filename: string;
  mime_type: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  /** JSON array of the WebP variant widths kept on disk */
  variants: string;
  /** the identity account that uploaded it through /api before being a member (sign-up uses it) */
  uploader_uid?: string | null;
  created_at: string;
}

export interface AuthCodesTable {
  id: string;
  code_hash: string;
  uid: string;
  email: string;
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: Generated<number>;
  window_ends_at: string;
}

export interface UsernameRedirectsTable {
  old_key: string;
  user_id: string;
  created_at: string;
}

/** One row (id 1): see migrations/006-data-version.ts. */
export interface DataVersionTable {
  id: number;
  version: number | string;
  epoch: string;
  changed_by: string | null;
}

/** Admin actions, append-only (a trigger refuses updates and deletes). */
export interface AuditLogTable {
  id: string;
  created_at: string;
  /** who, as named when it happened: `@username` of an admin, or `admin CLI` */
  actor: string;
  /** e.g. `invite.create`, `member.promote` */
  action: string;
  /** what it was done to, as named then */
  target: string;
  detail: Generated<string>;
}

/** What the author of a post an admin removed is told (on /profile). */
export interface PostRemovalsTable {
  id: string;
  user_id: string;
  title: string;
  reason: string;
  removed_at: string;
}

export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  invite_keys: InviteKeysTable;
  posts: PostsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  assets: AssetsTable;
  auth_codes: AuthCodesTable;
  rate_limits: RateLimitsTable;
  username_redirects: UsernameRedirectsTable;
  data_version: DataVersionTable;
  audit_log: AuditLogTable;
  post_removals: PostRemovalsTable;
}
