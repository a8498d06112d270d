// The bookings /admin/usage and the quiet hours read: one query on either engine, in as few columns
// as the figures (app/lib/usage/figures.ts) need.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UsageBooking } from '~/lib/usage/figures';
import { LATE_RELEASE_REASON } from '../core/lifecycle';

const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * Every booking and maintenance block of `resourceIds` that overlaps [start, end), in as few
 * columns as the figures need (a year is 100,000 rows: each column read costs): who only where the
 * resource costs `creditIds`, and one 'freed at' for the four ways a booking gives time back.
 */
export async function bookingsIn(
  db: Kysely<Database>,
  resourceIds: string[],
  start: Date,
  end: Date,
  creditIds: string[] = [],
) {
  if (!resourceIds.length) return [];
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('resources', 'resources.id', 'bookings.resource_id')
    .select((eb) => [
      'bookings.resource_id',
      'bookings.kind',
      'bookings.status',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.created_at',
      'bookings.checked_in_at',
      'bookings.checked_out_at',
      'bookings.decided_at',
      eb
        .case()
        .when('resources.credit_id', 'in', creditIds.length ? creditIds : [''])
        .then(eb.ref('bookings.user_id'))
        .end()
        .as('user_id'),
      eb
        .case('bookings.status')
        .when('cancelled')
        .then(eb.ref('bookings.cancelled_at'))
        .when('no_show')
        .then(eb.ref('bookings.released_at'))
        .when('checked_out')
        .then(eb.ref('bookings.checked_out_at'))
        .else(eb.ref('bookings.decided_at'))
        .end()
        .as('freed_at'),
      // 1: made with check-in; 2: an offer of freed time; 4: released late (looked up for the few
      // cancelled rows only).
      sql<number>`(case when ${eb.ref('bookings.check_in_grace_minutes')} is null then 0 else 1 end)
        + (case when ${eb.ref('bookings.waitlist_id')} is null then 0 else 2 end)
        + (case when ${eb.ref('bookings.status')} = 'cancelled' and exists (
            select 1 from booking_events e where e.booking_id = ${eb.ref('bookings.id')}
            and e.kind = 'cancelled' and e.reason = ${LATE_RELEASE_REASON}) then 4 else 0 end)`.as('flags'),
    ])
    .where('bookings.resource_id', 'in', resourceIds)
    .where('bookings.starts_at', '<', end.toISOString())
    .where('bookings.ends_at', '>', start.toISOString())
    .execute();
  return rows.map((row): UsageBooking => {
    const flags = Number(row.flags);
    return {
      resourceId: row.resource_id,
      userId: row.user_id,
      kind: row.kind,
      status: row.status,
      start: Date.parse(row.starts_at),
      end: Date.parse(row.ends_at),
      createdAt: Date.parse(row.created_at),
      freedAt: instant(row.freed_at),
      checkedInAt: instant(row.checked_in_at),
      checkedOutAt: instant(row.checked_out_at),
      decidedAt: instant(row.decided_at),
      checkIn: (flags & 1) !== 0,
      offer: (flags & 2) !== 0,
      late: (flags & 4) !== 0,
    };
  });
}
