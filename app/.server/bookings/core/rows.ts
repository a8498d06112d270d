// Rows of the booking tables as the models of app/lib/bookings/models.ts, and the one way to write
// under the guarantees of docs/decisions/024-bookings-never-clash.md.
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../../db/engine';
import { config } from '../../config';
import type { BookingsTable, Database, ResourcesTable } from '../../db/schema';
import {
  heldUntil,
  HOLDING,
  type Answer,
  type Booking,
  type BookingTerms,
  type Resource,
  type ResourceKind,
} from '~/lib/bookings/models';
import type { OpeningHours, BookingRules } from '~/lib/bookings/rules';
import type { Cost } from '~/lib/bookings/credits';
import type { CalendarBlock } from '~/lib/bookings/slots';
import { epochMinutes } from '~/lib/bookings/time';
import { DEFAULT_GRACE_MINUTES } from '~/lib/bookings/check-in';

/**
 * Runs `work` in a transaction that holds the write lock from its first statement on SQLite (every
 * transaction there begins immediate: db/index.ts), so no other writer comes between its counts
 * and its insert; on PostgreSQL an ordinary transaction, in which the caller takes the locks it
 * needs (lockMember, then lockResource). A deadlock or serialization failure there (40P01, 40001)
 * is run again once, from the start: the locks make it rare, and the second try sees the winner.
 */
export async function writeTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>) {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (!isRetryable(error)) throw error;
    return db.transaction().execute(work);
  }
}

const isRetryable = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
};

/**
 * Serialises one member's bookings on PostgreSQL (their limits are counted, then a row is added:
 * two of their requests must not both count before either adds). SQLite's writer lock already does.
 */
export async function lockMember(trx: Kysely<Database>, userId: string) {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${userId}`}, 0))`.execute(trx);
}

/**
 * Serialises the writes that can meet a resource's exclusion constraint on PostgreSQL, taken after
 * lockMember and never before it. Without it two inserts of overlapping time can each wait for the
 * other inside the constraint's check, and PostgreSQL ends one with a deadlock (40P01) instead of
 * a clash: a loser answered 500 in 5 of 27 twenty-member rounds (decision 024).
 */
export async function lockResource(trx: Kysely<Database>, resourceId: string) {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(hashtextextended(${`resource:${resourceId}`}, 0))`.execute(trx);
}

/** True for the error the database raises when a row would overlap another (023P01 / the trigger). */
export function isClash(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  return code === '23P01' || constraint === 'bookings_no_clash' || message === 'bookings_no_clash';
}

export type ResourceRow = Selectable<ResourcesTable> & {
  induction_slug: string | null;
  induction_name: string | null;
  credit_name: string | null;
  credit_unit: string | null;
  credit_allowance: number | null;
};

export const rulesOf = (row: Selectable<ResourcesTable>): BookingRules => ({
  slotMinutes: row.slot_minutes as BookingRules['slotMinutes'],
  minMinutes: row.min_minutes,
  maxMinutes: row.max_minutes,
  bufferMinutes: row.buffer_minutes,
  hours: row.hours === 'any' ? 'any' : (JSON.parse(row.hours) as OpeningHours),
  noticeMinutes: row.notice_minutes,
  horizonDays: row.horizon_days,
  cancelCutoffMinutes: row.cancel_cutoff_minutes,
  maxUpcoming: row.max_upcoming ?? config.BOOKING_MAX_UPCOMING,
  maxWeekMinutes: row.max_week_minutes,
  checkInGraceMinutes: row.check_in_required ? row.grace_minutes : null,
});

export const rulesColumns = (rules: BookingRules) => ({
  slot_minutes: rules.slotMinutes,
  min_minutes: rules.minMinutes,
  max_minutes: rules.maxMinutes,
  buffer_minutes: rules.bufferMinutes,
  hours: rules.hours === 'any' ? 'any' : JSON.stringify(rules.hours),
  notice_minutes: rules.noticeMinutes,
  horizon_days: rules.horizonDays,
  cancel_cutoff_minutes: rules.cancelCutoffMinutes,
  max_upcoming: rules.maxUpcoming,
  max_week_minutes: rules.maxWeekMinutes,
  check_in_required: rules.checkInGraceMinutes != null ? 1 : 0,
  grace_minutes: rules.checkInGraceMinutes ?? DEFAULT_GRACE_MINUTES,
});

export const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind as ResourceKind,
  description: row.description,
  photo: row.photo_id ? { id: row.photo_id } : null,
  status: row.status === 'out_of_service' ? 'out_of_service' : 'available',
  statusReason: row.status_reason,
  equivalentGroup: row.equivalent_group,
  induction:
    row.induction_id && row.induction_slug && row.induction_name
      ? { id: row.induction_id, slug: row.induction_slug, name: row.induction_name }
      : null,
  rules: rulesOf(row),
  ownMaxUpcoming: row.max_upcoming,
  cost: costOfRow(row),
  approval: row.approval_required ? { questions: questionsOf(row.approval_questions) } : null,
});

/** A resource's questions for a request, one per line, blank lines left out. */
export const questionsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A resource's cost from its row joined with its credit (selectResources); null: it costs nothing. */
export const costOfRow = (
  row: Pick<
    ResourceRow,
    'credit_id' | 'credits_per_hour' | 'credit_name' | 'credit_unit' | 'credit_allowance'
  >,
): Cost | null =>
  row.credit_id && row.credit_name && row.credits_per_hour > 0
    ? {
        credit: {
          id: row.credit_id,
          name: row.credit_name,
          unit: row.credit_unit ?? '',
          monthlyAllowance: row.credit_allowance ?? 0,
        },
        perHour: row.credits_per_hour,
      }
    : null;

/** The resources with their induction's name and the credit they cost, in the lab's order. */
export const selectResources = (db: Kysely<Database>) =>
  db
    .selectFrom('resources')
    .leftJoin('inductions', 'inductions.id', 'resources.induction_id')
    .leftJoin('credits', 'credits.id', 'resources.credit_id')
    .selectAll('resources')
    .select([
      'inductions.slug as induction_slug',
      'inductions.name as induction_name',
      'credits.name as credit_name',
      'credits.unit as credit_unit',
      'credits.monthly_allowance as credit_allowance',
    ])
    .orderBy('resources.position')
    .orderBy('resources.name');

export type BookingRow = Selectable<BookingsTable> & { resource_slug: string; resource_name: string };

export const selectBookings = (db: Kysely<Database>) =>
  db
    .selectFrom('bookings')
    .innerJoin('resources', 'resources.id', 'bookings.resource_id')
    .selectAll('bookings')
    .select(['resources.slug as resource_slug', 'resources.name as resource_name']);

export const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  uid: row.uid,
  resource: { id: row.resource_id, slug: row.resource_slug, name: row.resource_name },
  kind: row.kind,
  start: row.starts_at,
  end: row.ends_at,
  note: row.note,
  status: row.status,
  sequence: row.sequence,
  bookedBy: row.booked_by,
  reason: row.reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  cancelledAt: row.cancelled_at,
  checkedInAt: row.checked_in_at,
  checkedOutAt: row.checked_out_at,
  releasedAt: row.released_at,
  terms: { cancelCutoffMinutes: row.cancel_cutoff_minutes, checkInGraceMinutes: row.check_in_grace_minutes },
  holdUntil: row.hold_until,
  answers: answersOf(row.answers),
  decidedBy: row.decided_by,
  decisionReason: row.decision_reason,
});

/** The answers kept with a request (JSON); none for a row written before there were any. */
function answersOf(json: string): Answer[] {
  try {
    const answers: unknown = JSON.parse(json);
    return Array.isArray(answers) ? (answers as Answer[]) : [];
  } catch {
    return [];
  }
}

/**
 * The rows of a resource that hold time (HOLDING) between two instants, for the minutes they held it, as calendar blocks; without
 * the booking `leaving` out, the one a member is changing (it does not stand in its own way).
 */
export async function calendarBlocks(
  db: Kysely<Database>,
  resourceId: string,
  from: Date,
  to: Date,
  viewerId: string | null,
  leaving?: string,
): Promise<CalendarBlock[]> {
  let query = db
    .selectFrom('bookings')
    .select([
      'kind',
      'user_id',
      'status',
      'starts_at',
      'ends_at',
      'block_end',
      'checked_out_at',
      'released_at',
    ])
    .where('resource_id', '=', resourceId)
    .where('status', 'in', HOLDING)
    .where('block_start', '<', epochMinutes(to) + 1)
    .where('block_end', '>', epochMinutes(from));
  if (leaving) query = query.where('id', '<>', leaving);
  const rows = await query.orderBy('block_start').execute();
  return rows.map((row) => ({
    kind: row.kind,
    mine: viewerId !== null && row.user_id === viewerId,
    released: row.status === 'no_show',
    start: new Date(row.starts_at),
    end: new Date(
      heldUntil({ end: row.ends_at, checkedOutAt: row.checked_out_at, releasedAt: row.released_at }),
    ),
    blockedUntil: new Date(row.block_end * 60_000),
  }));
}

/** A new row of `bookings`: its blocked range is its time plus the buffer after it, in epoch minutes. */
export function bookingRow(input: {
  resourceId: string;
  kind: 'booking' | 'maintenance';
  userId: string | null;
  start: Date;
  end: Date;
  bufferMinutes: number;
  note?: string;
  bookedBy?: string | null;
  reason?: string;
  now: Date;
  /** the iCalendar UID's domain part; seeded demo rows use 'demo' */
  uidDomain?: string;
  /** a member's booking: the terms it keeps (termsOf(its resource's rules)); none for a block */
  terms?: BookingTerms;
  /** a request waiting for approval, or an offer: held until `holdUntil` */
  status?: 'active' | 'pending' | 'offered';
  holdUntil?: Date;
  answers?: Answer[];
}) {
  const at = input.now.toISOString();
  return {
    id: crypto.randomUUID(),
    uid: `${crypto.randomUUID()}@${input.uidDomain ?? 'booking'}`,
    resource_id: input.resourceId,
    kind: input.kind,
    user_id: input.userId,
    starts_at: input.start.toISOString(),
    ends_at: input.end.toISOString(),
    block_start: epochMinutes(input.start),
    block_end: epochMinutes(input.end) + input.bufferMinutes,
    note: input.note ?? '',
    booked_by: input.bookedBy ?? null,
    reason: input.reason ?? '',
    cancel_cutoff_minutes: input.terms?.cancelCutoffMinutes ?? 0,
    check_in_grace_minutes: input.terms?.checkInGraceMinutes ?? null,
    status: input.status ?? 'active',
    hold_until: input.holdUntil?.toISOString() ?? null,
    answers: JSON.stringify(input.answers ?? []),
    created_at: at,
    updated_at: at,
  };
}
