// A booking's history (docs/architecture.md §13): one row of booking_events per change, appended
// in the change's own transaction (booked, changed, cancelled, checked-in, checked-out, released,
// strike, waived) or right after a reminder was sent (reminded). Never updated; the usage figures read it.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { EVENT_KINDS, type EventActor, type EventKind } from '~/lib/bookings/models';

export type { EventActor, EventKind };

export async function recordEvent(
  trx: Kysely<Database>,
  event: { bookingIds: string[]; kind: EventKind; actor: EventActor; reason?: string; at: Date },
) {
  if (!event.bookingIds.length) return;
  await trx
    .insertInto('booking_events')
    .values(
      event.bookingIds.map((bookingId) => ({
        id: crypto.randomUUID(),
        booking_id: bookingId,
        at: event.at.toISOString(),
        kind: event.kind,
        actor: event.actor,
        reason: event.reason ?? '',
      })),
    )
    .execute();
}

export interface BookingEvent {
  at: string;
  kind: EventKind;
  actor: EventActor;
  reason: string;
}

/** The events of `bookingIds`, oldest first, by booking. */
export async function historyOf(db: Kysely<Database>, bookingIds: string[]) {
  const history = new Map<string, BookingEvent[]>();
  if (!bookingIds.length) return history;
  const rows = await db
    .selectFrom('booking_events')
    .select(['booking_id', 'at', 'kind', 'actor', 'reason'])
    .where('booking_id', 'in', bookingIds)
    .orderBy('at')
    // One transaction's events share their instant: a cancel before its strike, a strike before its waiver.
    .orderBy(
      sql`case kind ${sql.join(
        EVENT_KINDS.map((kind, rank) => sql`when ${kind} then ${rank}`),
        sql` `,
      )} else ${EVENT_KINDS.length} end`,
    )
    .orderBy('id')
    .execute();
  for (const { booking_id, ...event } of rows)
    history.set(booking_id, [...(history.get(booking_id) ?? []), event]);
  return history;
}
