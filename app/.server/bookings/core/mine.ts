// A member's own bookings, as My bookings and the API read them.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HOLDING, OPEN, type Booking } from '~/lib/bookings/models';
import { selectBookings, toBooking } from './rows';

/** One of the member's own bookings (any status), or null. */
export async function ownBooking(
  db: Kysely<Database>,
  userId: string,
  bookingId: string,
): Promise<Booking | null> {
  const row = await selectBookings(db)
    .where('bookings.id', '=', bookingId)
    .where('bookings.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toBooking(row) : null;
}

/**
 * The member's bookings: upcoming (soonest first, running ones included) and the latest
 * `pastShown` past ones (latest first; null: all), with how many earlier ones are left out.
 */
export async function memberBookings(
  db: Kysely<Database>,
  userId: string,
  { now = new Date(), pastShown }: { now?: Date; pastShown: number | null },
): Promise<{ upcoming: Booking[]; past: Booking[]; pastMore: number }> {
  const at = now.toISOString();
  const mine = () => selectBookings(db).where('bookings.user_id', '=', userId);
  // Past: held and ended, or over early (checked out, released) whatever its booked end; and a
  // request declined or expired (decided, by an approver or its deadline), so the member sees why.
  const isPast = (eb: ExpressionBuilder<Database, 'bookings'>) =>
    eb.or([
      eb.and([
        eb('bookings.status', 'in', HOLDING),
        eb.or([eb('bookings.ends_at', '<=', at), eb('bookings.status', 'in', ['checked_out', 'no_show'])]),
      ]),
      eb.and([
        eb('bookings.status', 'in', ['declined', 'expired']),
        eb('bookings.decided_at', 'is not', null),
      ]),
    ]);
  let pastQuery = mine().where(isPast).orderBy('bookings.starts_at', 'desc').orderBy('bookings.id', 'desc');
  if (pastShown !== null) pastQuery = pastQuery.limit(pastShown + 1);
  const [upcoming, past] = await Promise.all([
    mine()
      .where('bookings.status', 'in', OPEN)
      .where('bookings.ends_at', '>', at)
      .orderBy('bookings.starts_at')
      .orderBy('bookings.id')
      .execute(),
    pastQuery.execute(),
  ]);
  let pastMore = 0;
  if (pastShown !== null && past.length > pastShown) {
    const counted = await db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('bookings.user_id', '=', userId)
      .where(isPast)
      .executeTakeFirstOrThrow();
    pastMore = Number(counted.n) - pastShown;
  }
  return {
    upcoming: upcoming.map(toBooking),
    past: past.slice(0, pastShown ?? undefined).map(toBooking),
    pastMore,
  };
}
