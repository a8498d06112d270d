// A resource for `npm run bench`'s booking load, in the store of DATA_DIR / DATABASE_URL: any time,
// 15-minute slots bookable 90 days ahead, no limits per member, so every refusal is a clash.
// Prints its slug.
import crypto from 'node:crypto';
import { db } from '../app/.server/db';
import { rulesColumns } from '../app/.server/bookings/core/rows';

const BENCH_RESOURCE = 'bench-printer';

const at = new Date().toISOString();
try {
  await db
    .insertInto('resources')
    .values({
      id: crypto.randomUUID(),
      slug: BENCH_RESOURCE,
      name: 'Bench printer',
      kind: 'fabrication',
      description: 'Booked by the bench.',
      position: 1000,
      created_at: at,
      updated_at: at,
      ...rulesColumns({
        slotMinutes: 15,
        minMinutes: 15,
        maxMinutes: 240,
        bufferMinutes: 0,
        hours: 'any',
        noticeMinutes: 0,
        horizonDays: 90,
        cancelCutoffMinutes: 0,
        maxUpcoming: null,
        maxWeekMinutes: null,
      }),
    })
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
  console.log(BENCH_RESOURCE);
} finally {
  await db.destroy();
}
