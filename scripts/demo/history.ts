// `npm run seed:demo -- --history DAYS`: the demo lab's past, so /admin/usage and the quiet hours
// have something to show and `npm run bench` a year to measure (about 100,000 rows for 365 days).
// Every busy demo resource is booked over the DAYS before today within its opening hours, by the
// members who may book it, with what happens to bookings: most kept (checked in and out where the
// machine has check-in), some no-shows released at the grace, some cancelled, a few late. Rows are
// written as the lifecycle leaves them (a release or a check-out gives the rest of the time back).
// Deterministic: the same day is drawn the same on every run; a run replaces the last one's rows.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../app/.server/db/schema';
import { bookingRow } from '../../app/.server/bookings/core/rows';
import { LATE_RELEASE_REASON } from '../../app/.server/bookings/core/lifecycle';
import { HOLDING, termsOf, type BookingRules } from '../../app/lib/bookings/models';
import { openingOn } from '../../app/lib/bookings/rules';
import { addDays, addMinutes, epochMinutes, labDayOf, labTime } from '../../app/lib/bookings/time';

const HISTORY_DOMAIN = 'history';

export interface HistoryResource {
  id: string;
  slug: string;
  rules: BookingRules;
  busy: number;
  /** who may book it (its induction's holders, or everyone) */
  members: string[];
}

/** Booked over the `days` before today; returns how many rows were written. */
export async function seedHistory(
  db: Kysely<Database>,
  resources: readonly HistoryResource[],
  days: number,
  random: (seed: string) => () => number,
  now = new Date(),
) {
  const today = labDayOf(now);
  await db.deleteFrom('bookings').where('uid', 'like', `%@${HISTORY_DOMAIN}`).execute();
  let written = 0;
  for (const resource of resources) {
    if (!resource.busy || !resource.members.length) continue;
    const rules = resource.rules;
    // What the rest of the demo booked in those days (a month's spent tokens) stays: drawn around.
    const kept = await db
      .selectFrom('bookings')
      .select(['block_start', 'block_end'])
      .where('resource_id', '=', resource.id)
      .where('status', 'in', HOLDING)
      .where('block_end', '>', epochMinutes(labTime(addDays(today, -days), 0)))
      .execute();
    const free = (start: Date, end: Date) =>
      !kept.some(
        (block) =>
          block.block_start < epochMinutes(end) + rules.bufferMinutes &&
          block.block_end > epochMinutes(start),
      );
    const rows: ReturnType<typeof bookingRow>[] = [];
    // Where the last booking's buffer ends: the next may not start before, on this day or the next.
    let after = new Date(0);
    const late: { bookingId: string; cancelledAt: string }[] = [];
    for (let back = days; back >= 1; back--) {
      const day = addDays(today, -back);
      const opening = openingOn(rules.hours, day);
      if (!opening) continue;
      const roll = random(`history:${resource.slug}:${day}`);
      let start = opening.start;
      while (start < after) start = addMinutes(start, rules.slotMinutes);
      while (start < opening.end) {
        // Busier in the afternoon, as labs are: the demo's busy share, up to half as much again.
        const hour = Number(start.toISOString().slice(11, 13));
        if (roll() > resource.busy * (hour >= 12 && hour < 18 ? 1.5 : 0.8)) {
          start = addMinutes(start, rules.slotMinutes);
          continue;
        }
        const slots = 1 + Math.floor(roll() * 4);
        const minutes = Math.min(rules.maxMinutes, Math.max(rules.minMinutes, slots * rules.slotMinutes));
        const end = addMinutes(start, minutes);
        if (end > opening.end) break;
        if (!free(start, end)) {
          start = addMinutes(start, rules.slotMinutes);
          continue;
        }
        const userId = resource.members[Math.floor(roll() * resource.members.length)]!;
        const made = addMinutes(start, -(60 + Math.floor(roll() * 9 * 1440)));
        const row = bookingRow({
          resourceId: resource.id,
          kind: 'booking',
          userId,
          start,
          end,
          bufferMinutes: rules.bufferMinutes,
          now: made,
          uidDomain: HISTORY_DOMAIN,
          terms: termsOf(rules),
        });
        const fate = roll();
        const grace = rules.checkInGraceMinutes;
        if (fate < 0.06) {
          Object.assign(row, {
            status: 'cancelled',
            cancelled_at: addMinutes(start, -2 * 1440).toISOString(),
          });
        } else if (fate < 0.08) {
          const cancelledAt = addMinutes(start, -30).toISOString();
          Object.assign(row, { status: 'cancelled', cancelled_at: cancelledAt });
          late.push({ bookingId: row.id, cancelledAt });
        } else if (grace !== null && grace !== undefined) {
          const checkedIn = addMinutes(start, Math.floor(roll() * grace));
          if (fate < 0.16) {
            const released = addMinutes(start, grace);
            Object.assign(row, {
              status: 'no_show',
              released_at: released.toISOString(),
              block_end: Math.min(row.block_end, epochMinutes(released)),
            });
          } else if (fate < 0.3) {
            Object.assign(row, { status: 'checked_in', checked_in_at: checkedIn.toISOString() });
          } else {
            // Out at the end, or up to a third of it early.
            const out = addMinutes(end, -Math.floor(roll() * (minutes / 3)));
            Object.assign(row, {
              status: 'checked_out',
              checked_in_at: checkedIn.toISOString(),
              checked_out_at: out.toISOString(),
              block_end: out < end ? epochMinutes(out) : row.block_end,
            });
          }
        }
        rows.push(row);
        after = addMinutes(end, rules.bufferMinutes);
        start = addMinutes(end, Math.ceil(rules.bufferMinutes / rules.slotMinutes) * rules.slotMinutes);
      }
    }
    await db.transaction().execute(async (trx) => {
      for (let at = 0; at < rows.length; at += 500)
        await trx
          .insertInto('bookings')
          .values(rows.slice(at, at + 500))
          .execute();
      for (let at = 0; at < late.length; at += 500)
        await trx
          .insertInto('booking_events')
          .values(
            late.slice(at, at + 500).map(({ bookingId, cancelledAt }) => {
              return {
                id: crypto.randomUUID(),
                booking_id: bookingId,
                at: cancelledAt,
                kind: 'cancelled' as const,
                actor: 'member' as const,
                reason: LATE_RELEASE_REASON,
              };
            }),
          )
          .execute();
    });
    written += rows.length;
  }
  return written;
}
