// What a resource's pages offer a member: its week of slots, the member's limit there, and the
// lengths a start allows. Read with the same rules the booking's transaction checks (book.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Resource } from '~/lib/bookings/models';
import { allowedLengths, atLimitText, limitRefusal, timeRefusal, type Refusal } from '~/lib/bookings/rules';
import { inTheWay, weekOfSlots, type Day } from '~/lib/bookings/slots';
import { addDays, addMinutes, DAY_MS, labTime, type LabDay } from '~/lib/bookings/time';
import { memberHolds, standingRefusal } from './book';
import { requestRefusal } from '~/lib/bookings/approvals';
import { calendarBlocks } from './rows';

/** A week of a resource's calendar from `from` (a lab day), the viewer's own bookings marked. */
export async function weekOf(
  db: Kysely<Database>,
  resource: Resource,
  from: LabDay,
  viewerId: string | null,
  now = new Date(),
): Promise<Day[]> {
  const start = labTime(from, 0);
  const end = labTime(addDays(from, 7), 0);
  const blocks = await calendarBlocks(
    db,
    resource.id,
    new Date(start.getTime() - DAY_MS),
    new Date(end.getTime() + DAY_MS),
    viewerId,
  );
  return weekOfSlots(resource.rules, from, blocks, now);
}

/** 'You have 2 upcoming bookings here, the most allowed.' for a member at the resource's limit, or null. */
export async function atLimit(db: Kysely<Database>, resource: Resource, userId: string, now = new Date()) {
  return atLimitText(resource.rules, await memberHolds(db, resource.id, userId, now, now));
}

/**
 * What the 'Confirm booking' page offers for a start: the lengths every rule, the calendar and
 * the member's weekly hours allow, or the first rule that refuses any booking there.
 */
export async function startOptions(
  db: Kysely<Database>,
  resource: Resource,
  start: Date,
  userId: string,
  now = new Date(),
): Promise<{ lengths: number[]; refusal: Refusal | null }> {
  const rules = resource.rules;
  const standing = await standingRefusal(db, resource, userId, now);
  if (standing) return { lengths: [], refusal: standing };
  const refusal = timeRefusal(rules, start, rules.minMinutes, now);
  if (refusal && refusal.rule !== 'hours' && refusal.rule !== 'length') return { lengths: [], refusal };
  const tooLate = resource.approval ? requestRefusal(start, now) : null;
  if (tooLate) return { lengths: [], refusal: tooLate };
  const [blocks, holds] = await Promise.all([
    calendarBlocks(
      db,
      resource.id,
      new Date(start.getTime() - DAY_MS),
      addMinutes(start, rules.maxMinutes + rules.bufferMinutes + 1),
      userId,
    ),
    memberHolds(db, resource.id, userId, start, now),
  ]);
  const limit = limitRefusal(rules, rules.minMinutes, holds);
  if (limit) return { lengths: [], refusal: limit };
  const left = rules.maxWeekMinutes === null ? null : rules.maxWeekMinutes - holds.weekMinutes;
  const lengths = allowedLengths(rules, start, blocks, left);
  if (lengths.length) return { lengths, refusal: null };
  // No length fits: closing time, or what is in the way named (another's booking, the member's
  // own, maintenance, a buffer).
  return { lengths, refusal: refusal ?? inTheWay(rules, start, rules.minMinutes, blocks) };
}
