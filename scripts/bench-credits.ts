// `npm run bench`'s credits figure (scripts/bench.ts runs this file in a child process with a
// throw-away DATA_DIR, as the store reads it at import): what holding credits adds to a booking.
// One member books `ROUNDS` rounds of two one-hour bookings, one of a resource that costs nothing
// and one of a resource that costs 3 credits an hour (its hold, the month's allowance made on
// the first, and the settlement job queued), through book() itself; the goal is a ratio of at
// most 1.5 (docs/performance.md). Medians of wall time per booking, the two kinds interleaved so a
// busy machine slows both alike. Prints one JSON line.
import { db } from '../app/.server/db';
import { book } from '../app/.server/bookings/core/book';
import { granted, newCredit, newMember, newResource } from '../tests/support/store-fixtures';
import { median } from './bench-timing';

const ROUNDS = 200;

async function timedBooking(resourceId: string, userId: string, start: Date) {
  const began = performance.now();
  const outcome = await book(db, { resourceId, userId, start, minutes: 60, note: '' });
  if (outcome.status !== 'booked') throw new Error(`bench booking refused: ${JSON.stringify(outcome)}`);
  return performance.now() - began;
}

const credit = await newCredit(db, { allowance: 12 });
const rules = { maxUpcoming: 100_000, horizonDays: 365 };
const free = await newResource(db, { name: 'Bench free', rules });
const costly = await newResource(db, { name: 'Bench GPU', rules, cost: { creditId: credit.id, perHour: 3 } });
const member = await newMember(db, 'bench');
await granted(db, member.id, credit.id, ROUNDS * 3);
const first = new Date(Date.now() + 86_400_000);
first.setUTCMinutes(0, 0, 0);
const times = { free: [] as number[], costly: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  const start = new Date(first.getTime() + round * 3_600_000);
  times.free.push(await timedBooking(free.id, member.id, start));
  times.costly.push(await timedBooking(costly.id, member.id, start));
}
// The first rounds warm the JIT and the statement cache: measured from the second quarter on.
const skip = ROUNDS / 4;
const [freeMs, costlyMs] = [median(times.free.slice(skip)), median(times.costly.slice(skip))];
console.log(JSON.stringify({ rounds: ROUNDS - skip, freeMs, costlyMs, ratio: costlyMs / freeMs }));
await db.destroy();
