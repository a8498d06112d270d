// Table types for Kysely. Dates are ISO-8601 text and booleans 0/1 integers, so the same queries
// run on SQLite and PostgreSQL.
import type { Generated } from 'kysely';
import type { BookingStatus, EventActor, EventKind } from '~/lib/bookings/models';

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
  /** 1: booking reminders are mailed (the member's choice on /bookings) */
  booking_reminders: Generated<number>;
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

/** A bookable machine, bench or station (docs/product.md §9), with its booking rules. */
export interface ResourcesTable {
  id: string;
  slug: string;
  name: string;
  /** 'fabrication', 'electronics' or 'wetlab' */
  kind: string;
  description: Generated<string>;
  photo_id: string | null;
  /** 'available' or 'out_of_service' */
  status: Generated<string>;
  status_reason: Generated<string>;
  /** when it went out of service (migration 013; null: in service, or since before then) */
  status_since: Generated<string | null>;
  /** 1: members check in at the machine within grace_minutes of the start, or it is released */
  check_in_required: Generated<number>;
  grace_minutes: Generated<number>;
  induction_id: string | null;
  /** 1: a booking is a request an approver decides (migration 021) */
  approval_required: Generated<number>;
  /** asked on the confirm page, one per line */
  approval_questions: Generated<string>;
  slot_minutes: number;
  min_minutes: number;
  max_minutes: number;
  buffer_minutes: Generated<number>;
  /** 'any', or JSON {"mon": {"open": 540, "close": 1080}, ...} */
  hours: string;
  notice_minutes: Generated<number>;
  horizon_days: number;
  cancel_cutoff_minutes: Generated<number>;
  max_upcoming: number | null;
  max_week_minutes: number | null;
  /** what a booking costs (migration 020): credits_per_hour of this credit; null: nothing */
  credit_id: Generated<string | null>;
  credits_per_hour: Generated<number>;
  /** machines with the same non-empty name are equivalent: 'Find the next free time' searches all (022) */
  equivalent_group: Generated<string>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface InductionsTable {
  id: string;
  slug: string;
  name: string;
  description: Generated<string>;
  /** null: never expires */
  valid_months: number | null;
  created_at: string;
  updated_at: string;
}

/** Members an admin named to sign others off for an induction. */
/** Who decides a resource's requests (migration 021); admins decide any. */
export interface ApproversTable {
  resource_id: string;
  user_id: string;
  appointed_by: string;
  appointed_at: string;
}

export interface InductorsTable {
  induction_id: string;
  user_id: string;
  appointed_by: string;
  appointed_at: string;
}

export interface MemberInductionsTable {
  induction_id: string;
  user_id: string;
  /** `@username` of the inductor or admin, as named then */
  signed_off_by: string;
  signed_off_at: string;
  note: Generated<string>;
  expires_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  revoke_reason: string | null;
}

export interface InductionRequestsTable {
  id: string;
  induction_id: string;
  user_id: string;
  message: Generated<string>;
  created_at: string;
  done_at: string | null;
  done_by: string | null;
}

/** Members' bookings and maintenance blocks: no two active rows of a resource overlap (migration 011). */
export interface BookingsTable {
  id: string;
  uid: string;
  resource_id: string;
  kind: 'booking' | 'maintenance';
  user_id: string | null;
  starts_at: string;
  ends_at: string;
  /** minutes since the epoch: starts_at, and ends_at plus the resource's buffer */
  block_start: number;
  block_end: number;
  note: Generated<string>;
  status: Generated<BookingStatus>;
  sequence: Generated<number>;
  booked_by: string | null;
  reason: Generated<string>;
  cancelled_by: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  checked_in_at: Generated<string | null>;
  /** who checked the member in for them ('@inductor'), with check_in_reason; null: the member */
  checked_in_by: Generated<string | null>;
  check_in_reason: Generated<string>;
  checked_out_at: Generated<string | null>;
  /** when the worker released it, nobody having checked in (status 'no_show') */
  released_at: Generated<string | null>;
  /** the terms it was made under (migration 017): the resource's cutoff and check-in grace then */
  cancel_cutoff_minutes: Generated<number>;
  /** null: no check-in */
  check_in_grace_minutes: Generated<number | null>;
  /** until when a pending request or an offer holds its time (migration 021) */
  hold_until: Generated<string | null>;
  /** the answers to the resource's questions, JSON [{ question, answer }] */
  answers: Generated<string>;
  /** who decided a request ('@approver', or 'lab' when it expired), when, and a decline's reason */
  decided_by: Generated<string | null>;
  decided_at: Generated<string | null>;
  decision_reason: Generated<string>;
  /** an offer (status 'offered', and how it ended): the wait it was offered to (migration 023) */
  waitlist_id: Generated<string | null>;
}

/** A member waiting on a resource for time in a window (migration 023); created_at orders the line. */
export interface WaitlistTable {
  id: string;
  resource_id: string;
  user_id: string;
  /** ISO instants: any time in [window_start, window_end) of at least min_minutes */
  window_start: string;
  window_end: string;
  min_minutes: number;
  created_at: string;
  /** when and why it ended ('left', 'booked', 'over'); null: still in line */
  ended_at: Generated<string | null>;
  ended_why: Generated<WaitEnd | null>;
}

export type WaitEnd = 'left' | 'booked' | 'over';

/** A booking's history (migration 014), appended in the transaction of each change. */
export interface BookingEventsTable {
  id: string;
  booking_id: string;
  at: string;
  kind: EventKind;
  actor: EventActor;
  reason: Generated<string>;
}

/** A member's private calendar feed: the secret in its address. */
/** A member's private feed: the token's SHA-256 to find it, the token sealed to show it again. */
export interface MemberFeedsTable {
  user_id: string;
  token_hash: string;
  token_sealed: string;
  created_at: string;
}

export type JobState = 'queued' | 'running' | 'failed' | 'done' | 'dead' | 'cancelled';

/** Timed work every instance shares (migration 013, app/.server/jobs.ts). */
export interface JobsTable {
  id: string;
  kind: string;
  key: string;
  subject: string | null;
  payload: string;
  run_at: string;
  /** when it was first owed (run_at moves on with each retry); null only before migration 016 */
  due_at: string | null;
  stale_at: string | null;
  state: Generated<JobState>;
  attempts: Generated<number>;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Each recurring sweep's last run and failure (migration 016), shown on /admin/jobs. */
export interface SweepsTable {
  name: string;
  last_run_at: string;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  instance: string;
}

/** What the lab hands out, GPU tokens (migration 020, docs/decisions/031-credit-ledger.md). */
export interface CreditsTable {
  id: string;
  name: string;
  unit: string;
  monthly_allowance: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type LotSource = 'allowance' | 'grant';

/** Credits a member holds: a month's allowance or a grant; `remaining` never below 0. */
export interface CreditLotsTable {
  id: string;
  credit_id: string;
  /** null once the member removed their account */
  user_id: string | null;
  source: LotSource;
  /** an allowance's lab month, '2026-12' */
  month: string | null;
  grant_key: string | null;
  amount: number;
  remaining: number;
  expires_at: string | null;
  reason: Generated<string>;
  created_by: string;
  created_at: string;
}

export type EntryKind = 'grant' | 'allowance' | 'hold' | 'release' | 'settle' | 'expire' | 'adjust';

/** The append-only ledger of a lot: the database refuses an update or a delete. */
export interface CreditEntriesTable {
  id: string;
  lot_id: string;
  kind: EntryKind;
  amount: number;
  /** what it changed the lot's remaining by */
  delta: number;
  booking_id: string | null;
  about: Generated<string>;
  reason: Generated<string>;
  actor: string;
  created_at: string;
}

/** No-show strikes (migration 015): counted for STRIKE_DAYS, waived with a reason. */
export interface StrikesTable {
  id: string;
  user_id: string;
  booking_id: string | null;
  kind: 'no-show' | 'late-cancel';
  about: string;
  created_at: string;
  expires_at: string;
  waived_at: Generated<string | null>;
  waived_by: Generated<string | null>;
  waive_reason: Generated<string>;
  waive_asked_at: Generated<string | null>;
  waive_request: Generated<string>;
  /** the request to waive it declined (migration 018): when, by whom, why */
  declined_at: Generated<string | null>;
  declined_by: Generated<string | null>;
  decline_reason: Generated<string>;
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
  resources: ResourcesTable;
  inductions: InductionsTable;
  inductors: InductorsTable;
  approvers: ApproversTable;
  member_inductions: MemberInductionsTable;
  induction_requests: InductionRequestsTable;
  bookings: BookingsTable;
  waitlist: WaitlistTable;
  member_feeds: MemberFeedsTable;
  jobs: JobsTable;
  sweeps: SweepsTable;
  booking_events: BookingEventsTable;
  strikes: StrikesTable;
  credits: CreditsTable;
  credit_lots: CreditLotsTable;
  credit_entries: CreditEntriesTable;
}
