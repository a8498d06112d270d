// Members' bookings a staff action would touch, as the page lists them before it is done
// (docs/product.md §10): revoking an induction touches the member's upcoming bookings of the
// machines it gates, taking a machine out of service every upcoming booking of it. Upcoming: open
// (booked or checked in) and not ended, as the action itself counts them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { OPEN, type TouchedBooking } from '~/lib/bookings/models';

/** Members' open bookings that have not ended by `now`, soonest first; narrow it with `.where`. */
export const selectTouched = (db: Kysely<Database>, now: Date) =>
  db
    .selectFrom('bookings')
    .innerJoin('resources', 'resources.id', 'bookings.resource_id')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select([
      'bookings.id',
      'bookings.user_id',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.status',
      'resources.name as resource_name',
      'resources.induction_id',
      'users.username',
      'users.fullname',
    ])
    .where('bookings.kind', '=', 'booking')
    .where('bookings.status', 'in', OPEN)
    .where('bookings.ends_at', '>', now.toISOString())
    .orderBy('bookings.starts_at')
    .orderBy('resources.position');

type TouchedRow = Awaited<ReturnType<ReturnType<typeof selectTouched>['execute']>>[number];

export const toTouched = (row: TouchedRow): TouchedBooking => ({
  id: row.id,
  resource: row.resource_name,
  start: row.starts_at,
  end: row.ends_at,
  checkedIn: row.status === 'checked_in',
  member: { username: row.username, fullname: row.fullname },
});
