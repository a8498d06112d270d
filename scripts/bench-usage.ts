// `npm run bench`'s usage figures (scripts/bench.ts runs this file in a child process with a
// throw-away DATA_DIR, as the store reads it at import): 1,000 members and a year of the lab's past
// (scripts/demo/history.ts over the demo's machines and twenty printers open any time, about
// 100,000 rows). Times /admin/usage's figures for that year for the whole lab: the ask after one
// booking in the year changed (the days kept in memory serve the rest), and the first ask after a
// start (every day worked out from the rows); and a resource page's reads with and without its
// quiet hours: the week it shows, then the week and the quiet hours as the page asks for them
// (kept for the week), and the quiet hours' first ask of a week (uncached). Medians of wall time,
// interleaved. Prints one JSON line.
import crypto from 'node:crypto';
import { db } from '../app/.server/db';
import { weekOf } from '../app/.server/bookings/core/availability';
import { rulesColumns, rulesOf, selectResources, toResource } from '../app/.server/bookings/core/rows';
import { labUsage, quietHours } from '../app/.server/bookings/usage/usage';
import { usageIn } from '../app/.server/bookings/usage';
import { dayUsesIn } from '../app/.server/bookings/usage/days';
import { OPEN_RULES } from '../tests/support/store-fixtures';
import { labDayOf } from '../app/lib/bookings/time';
import { periodOf, UsageQuerySchema } from '../app/lib/usage/period';
import { seedHistory } from './demo/history';
import { demoResources } from './demo/resources';
import { median, timed } from './bench-timing';

const ROUNDS = 12;
const MEMBERS = 1000;
const PRINTERS = 20;

const random = (seed: string) => {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 2166136261);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};

const at = new Date().toISOString();
const members = Array.from({ length: MEMBERS }, (_, i) => ({
  id: crypto.randomUUID(),
  username: `bench_${i}`,
  username_key: `bench_${i}`,
  email: `bench_${i}@example.ie`,
  fullname: `Bench Member ${i}`,
  bio: '',
  qualifications: '[]',
  avatar_id: null,
  banner_id: null,
  identity_uid: null,
  invite_id: null,
  created_at: at,
  updated_at: at,
}));
for (let i = 0; i < members.length; i += 200)
  await db
    .insertInto('users')
    .values(members.slice(i, i + 200))
    .execute();
const machines = [
  ...demoResources.map((demo, i) => ({ slug: demo.slug, rules: demo.rules, busy: demo.busy, position: i })),
  ...Array.from({ length: PRINTERS }, (_, i) => ({
    slug: `bench-printer-${i}`,
    rules: { ...OPEN_RULES, horizonDays: 30, checkInGraceMinutes: i % 2 ? 15 : null },
    busy: 0.7,
    position: 100 + i,
  })),
];
for (const machine of machines)
  await db
    .insertInto('resources')
    .values({
      id: crypto.randomUUID(),
      slug: machine.slug,
      name: machine.slug,
      kind: 'fabrication',
      position: machine.position,
      created_at: at,
      updated_at: at,
      ...rulesColumns(machine.rules),
    })
    .execute();
const rows = await selectResources(db).execute();
const rows365 = await seedHistory(
  db,
  rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    rules: rulesOf(row),
    busy: machines.find((m) => m.slug === row.slug)!.busy,
    members: members.map((m) => m.id),
  })),
  365,
  random,
);

const now = new Date();
const today = labDayOf(now);
const year = periodOf(
  UsageQuerySchema.parse({
    period: 'dates',
    from: new Date(Date.parse(`${today}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10),
    to: today,
  }),
  now,
);
const printer = toResource(rows.find((row) => row.slug === 'bench-printer-0')!);
const usage = usageIn(db);
// A booking of the year to change before each ask: any write to a row is seen by the days kept.
const yearBookings = await db
  .selectFrom('bookings')
  .select('id')
  .where('starts_at', '>=', year.start.toISOString())
  .where('starts_at', '<', year.end.toISOString())
  .execute();
const pick = random('bench-usage-change');
const changeOne = () =>
  db
    .updateTable('bookings')
    .set((eb) => ({ sequence: eb('sequence', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', yearBookings[Math.floor(pick() * yearBookings.length)]!.id)
    .execute();
const kept = dayUsesIn(db);
await labUsage(db, year, { kind: 'lab' }, now, kept);
const times = {
  usage: [] as number[],
  fresh: [] as number[],
  week: [] as number[],
  withQuiet: [] as number[],
  quiet: [] as number[],
};
for (let round = 0; round < ROUNDS; round++) {
  await changeOne();
  const figures = await timed(times.usage, () => labUsage(db, year, { kind: 'lab' }, now, kept));
  if (figures.total.bookedMinutes === 0) throw new Error('the bench year has nothing booked');
  const fresh = await timed(times.fresh, () => labUsage(db, year, { kind: 'lab' }, now, dayUsesIn(db)));
  if (JSON.stringify(fresh) !== JSON.stringify(figures))
    throw new Error('the kept days disagree with the rows');
  await timed(times.week, () => weekOf(db, printer, today, null, now));
  await timed(times.withQuiet, () =>
    Promise.all([weekOf(db, printer, today, null, now), usage.quietHours(printer, now)]),
  );
  await timed(times.quiet, () => quietHours(db, printer.id, now));
}
// The first rounds warm the JIT and the statement cache: measured from the second quarter on.
const skip = ROUNDS / 4;
const [usageMs, freshMs, weekMs, withQuietMs, quietMs] = [
  times.usage,
  times.fresh,
  times.week,
  times.withQuiet,
  times.quiet,
].map((each) => median(each.slice(skip))) as [number, number, number, number, number];
console.log(
  JSON.stringify({
    rounds: ROUNDS - skip,
    rows: rows365,
    members: MEMBERS,
    usageMs,
    freshMs,
    weekMs,
    withQuietMs,
    quietMs,
  }),
);
await db.destroy();
