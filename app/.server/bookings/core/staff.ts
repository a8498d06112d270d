// The lab's day as staff see it (/admin/bookings, docs/product.md §10): members' bookings by
// resource, day and member, in pages or whole for its CSV (audited); who is in the lab now; the
// day sheet of one resource; and a booking cancelled by the lab with a reason, audited in the same
// transaction (the facade mails the member after it).
import { HOLDING } from '~/lib/bookings/models';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit, type Actor } from '../../audit';
import type { Booking } from '~/lib/bookings/models';
import { addDays, labDayOf, labTime, longDayName, type LabDay } from '~/lib/bookings/time';
import { selectBookings, toBooking, writeTransaction } from './rows';
import { transition } from './lifecycle';
import { usernameKey } from '~/lib/username';

export const STAFF_PAGE_SIZE = 50;

export interface StaffFilters {
  /** a resource's slug */
  resource: string | null;
  /** a lab day; none: today, or with a member, everything of theirs that has not ended */
  day: LabDay | null;
  /** a member's username, any case */
  member: string | null;
  page: number;
}

export interface StaffBooking {
  booking: Booking;
  member: { username: string; fullname: string } | null;
}

/** Bookings that hold the machine (used or not) and maintenance blocks matching `filters`, by start. */
function staffQuery(db: Kysely<Database>, filters: Omit<StaffFilters, 'page'>, now: Date) {
  let query = selectBookings(db)
    .leftJoin('users', 'users.id', 'bookings.user_id')
    .select(['users.username', 'users.fullname'])
    .where('bookings.status', 'in', HOLDING);
  if (filters.resource) query = query.where('resources.slug', '=', filters.resource);
  if (filters.member) query = query.where('users.username_key', '=', usernameKey(filters.member));
  const day = filters.day ?? (filters.member ? null : labDayOf(now));
  if (day)
    query = query
      .where('bookings.starts_at', '<', labTime(addDays(day, 1), 0).toISOString())
      .where('bookings.ends_at', '>', labTime(day, 0).toISOString());
  else query = query.where('bookings.ends_at', '>', now.toISOString());
  return { day, query: query.orderBy('bookings.starts_at').orderBy('resources.position') };
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['query']['execute']>>[number];
const toStaffBooking = (row: StaffRow): StaffBooking => ({
  booking: toBooking(row),
  member: row.username ? { username: row.username, fullname: row.fullname ?? '' } : null,
});

/** One page of the bookings and blocks matching `filters`, by start; `more` when a next page has some. */
export async function staffBookings(db: Kysely<Database>, filters: StaffFilters, now = new Date()) {
  const { day, query } = staffQuery(db, filters, now);
  const rows = await query
    .limit(STAFF_PAGE_SIZE + 1)
    .offset((filters.page - 1) * STAFF_PAGE_SIZE)
    .execute();
  return {
    day,
    rows: rows.slice(0, STAFF_PAGE_SIZE).map(toStaffBooking),
    more: rows.length > STAFF_PAGE_SIZE,
  };
}

/** The most rows one CSV holds: a day of the whole lab in 15-minute slots is far fewer. */
export const EXPORT_MAX_ROWS = 5000;

/**
 * The whole of one day matching `filters` for 'Download CSV' (no pages), read in a transaction that
 * also writes the audit entry when it names members: an export of members' bookings is recorded.
 */
export async function exportDay(
  db: Kysely<Database>,
  filters: Omit<StaffFilters, 'page' | 'day'> & { day: LabDay },
  actor: Actor,
  now = new Date(),
) {
  return writeTransaction(db, async (trx) => {
    const rows = (await staffQuery(trx, filters, now).query.limit(EXPORT_MAX_ROWS).execute()).map(
      toStaffBooking,
    );
    const members = new Set(rows.flatMap((row) => (row.member ? [row.member.username] : [])));
    if (members.size)
      await recordAudit(trx, actor, {
        action: 'bookings.export',
        target: `the bookings of ${longDayName(filters.day)}${filters.resource ? ` (${rows[0]?.booking.resource.name ?? filters.resource})` : ''}${filters.member ? ` for @${filters.member}` : ''}`,
        detail: `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}, ${members.size} ${members.size === 1 ? 'member' : 'members'}`,
      });
    return rows;
  });
}

/** Who is in the lab now: members checked in to a booking that has not ended, longest there first. */
export async function inTheLabNow(db: Kysely<Database>, now = new Date()) {
  const rows = await selectBookings(db)
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select(['users.username', 'users.fullname'])
    .where('bookings.kind', '=', 'booking')
    .where('bookings.status', '=', 'checked_in')
    .where('bookings.checked_in_at', '<=', now.toISOString())
    .where('bookings.ends_at', '>', now.toISOString())
    .orderBy('bookings.checked_in_at')
    .orderBy('resources.position')
    .execute();
  return rows.map(toStaffBooking);
}

export type LabCancelOutcome =
  { status: 'cancelled'; booking: Booking; email: string } | { status: 'not-found' };

/** The lab cancels a member's active booking with a reason; guarded, so two staff at once cancel it once. */
export async function cancelForLab(
  db: Kysely<Database>,
  bookingId: string,
  reason: string,
  actor: Actor,
  now = new Date(),
): Promise<LabCancelOutcome> {
  return writeTransaction(db, async (trx): Promise<LabCancelOutcome> => {
    const member = await trx
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select(['users.username', 'users.email'])
      .where('bookings.id', '=', bookingId)
      .where('bookings.kind', '=', 'booking')
      .executeTakeFirst();
    if (!member) return { status: 'not-found' };
    const [booking] = await transition(
      trx,
      { to: 'cancelled', bookingIds: [bookingId], by: { actor, reason } },
      now,
    );
    if (!booking) return { status: 'not-found' };
    return { status: 'cancelled', booking, email: member.email };
  });
}
