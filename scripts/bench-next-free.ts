// `npm run bench`'s 'Find the next free time' figures (scripts/bench.ts runs this file in a child
// process with a throw-away DATA_DIR, as the store reads it at import). Machines bookable 365 days
// ahead in 15-minute slots with a 15-minute buffer, booked every hour of the year ahead, so the only
// free time is at the horizon's end and the sweep walks every block: one machine in no group with a
// year of past bookings too (the case; the goal is under 100 ms, docs/performance.md), and a
// group of three such machines searched together. Both are timed against reading one week of the
// machine's calendar (what its page reads), all through the store's own code. Medians of wall time,
// the three interleaved so a busy machine slows them alike. Prints one JSON line.
import { db } from '../app/.server/db';
import { weekOf } from '../app/.server/bookings/core/availability';
import { nextFree } from '../app/.server/bookings/core/next-free';
import { bookingRow, selectResources, toResource } from '../app/.server/bookings/core/rows';
import { labDayOf } from '../app/lib/bookings/time';
import { newMember, newResource } from '../tests/support/store-fixtures';
import { median, timed } from './bench-timing';

const ROUNDS = 40;
const HOUR = 3_600_000;
const DAYS = 365;

const rules = {
  horizonDays: DAYS,
  slotMinutes: 15 as const,
  minMinutes: 15,
  maxMinutes: 240,
  bufferMinutes: 15,
};
const group = 'Bench printers';
// The case first: one machine in no group, a year behind it and a year ahead.
const alone = await newResource(db, { name: 'Bench alone', rules });
const grouped = [
  await newResource(db, { name: 'Bench A', rules, equivalentGroup: group }),
  await newResource(db, { name: 'Bench B', rules, equivalentGroup: group }),
  await newResource(db, { name: 'Bench C', rules, equivalentGroup: group }),
];
const member = await newMember(db, 'bench');
const now = new Date();
const first = Math.ceil(now.getTime() / HOUR) * HOUR;
// Every hour up to the horizon's last day: 45 minutes booked and the 15-minute buffer.
let rows = 0;
async function bookSolid(resourceId: string, fromHour: number) {
  const values = Array.from({ length: (DAYS - 1) * 24 - fromHour }, (_, hour) => {
    const start = new Date(first + (fromHour + hour) * HOUR);
    return bookingRow({
      resourceId,
      kind: 'booking',
      userId: member.id,
      start,
      end: new Date(start.getTime() + 45 * 60_000),
      bufferMinutes: 15,
      now,
    });
  });
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < values.length; at += 500)
      await trx
        .insertInto('bookings')
        .values(values.slice(at, at + 500))
        .execute();
  });
  rows += values.length;
}
await bookSolid(alone.id, -DAYS * 24);
for (const machine of grouped) await bookSolid(machine.id, 0);

const resourceOf = async (id: string) =>
  toResource(await selectResources(db).where('resources.id', '=', id).executeTakeFirstOrThrow());
const [one, many] = [await resourceOf(alone.id), await resourceOf(grouped[0]!.id)];

const times = { alone: [] as number[], group: [] as number[], week: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  const found = await timed(times.alone, () => nextFree(db, one, 60, now));
  const foundAll = await timed(times.group, () => nextFree(db, many, 60, now));
  await timed(times.week, () => weekOf(db, one, labDayOf(now), member.id, now));
  if (found.starts.length < 5 || foundAll.starts.length < 5)
    throw new Error('the bench search found too few free times');
}
// The first rounds warm the JIT and the statement cache: measured from the second quarter on.
const skip = ROUNDS / 4;
const [aloneMs, groupMs, weekMs] = [times.alone, times.group, times.week].map((each) =>
  median(each.slice(skip)),
) as [number, number, number];
console.log(JSON.stringify({ rounds: ROUNDS - skip, rows, aloneMs, groupMs, weekMs }));
await db.destroy();
