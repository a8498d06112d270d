// A member's own bookings, as My bookings and the API read them, and their use of each resource
// this lab month against its limits.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HOLDING, OPEN, type Booking } from '~/lib/bookings/models';
import { labMonthOf, monthEndOf } from '~/lib/bookings/credits';
import { labTime } from '~/lib/bookings/time';
import { BOOKED } from '~/lib/usage/figures';
import { memberHolds } from './book';
import { selectBookings, selectResources, toBooking, toResource } from './rows';

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

/** A member's use of one resource this lab month, and where they stand against its limits now. */
export interface MonthUse {
  resource: { id: string; slug: string; name: string };
  /** minutes of their kept bookings (BOOKED) that start this lab month, as booked */
  bookedMinutes: number;
  /** upcoming (or running) bookings held here, as its limit counts them (memberHolds) */
  upcoming: number;
  maxUpcoming: number | null;
  /** minutes held here this lab week, as its weekly limit counts them (memberHolds) */
  weekMinutes: number;
  maxWeekMinutes: number | null;
}

/**
 * The resources a member booked this lab month (Europe/Dublin; a booking counts in the month it
 * starts), each with the minutes booked and, by the limits' own count, what they hold against
 * its limit of upcoming bookings and its weekly hours. By resource name.
 */
export async function monthUse(db: Kysely<Database>, userId: string, now = new Date()): Promise<MonthUse[]> {
  const month = labMonthOf(now);
  const rows = await db
    .selectFrom('bookings')
    .select(['resource_id', 'starts_at', 'ends_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'booking')
    .where('status', 'in', BOOKED)
    .where('starts_at', '>=', labTime(`${month}-01`, 0).toISOString())
    .where('starts_at', '<', monthEndOf(month).toISOString())
    .execute();
  const booked = new Map<string, number>();
  for (const row of rows)
    booked.set(
      row.resource_id,
      (booked.get(row.resource_id) ?? 0) + (Date.parse(row.ends_at) - Date.parse(row.starts_at)) / 60_000,
    );
  if (!booked.size) return [];
  const resources = (
    await selectResources(db)
      .where('resources.id', 'in', [...booked.keys()])
      .execute()
  ).map(toResource);
  const uses = await Promise.all(
    resources.map(async (resource): Promise<MonthUse> => {
      const held = await memberHolds(db, resource.id, userId, now, now);
      return {
        resource: { id: resource.id, slug: resource.slug, name: resource.name },
        bookedMinutes: Math.round(booked.get(resource.id)!),
        upcoming: held.upcoming,
        maxUpcoming: resource.rules.maxUpcoming,
        weekMinutes: Math.round(held.weekMinutes),
        maxWeekMinutes: resource.rules.maxWeekMinutes,
      };
    }),
  );
  return uses.sort((a, b) => a.resource.name.localeCompare(b.resource.name));
}
