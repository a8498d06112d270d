// Each resource's figures per lab day (figures.ts `dayUse`), kept per store: a period's figures
// are the sum of its days', and a day that is over keeps its figures until a row that overlaps it
// changes. Which rows changed is read from the rows themselves, in one grouped query (a year: about
// 10,000 groups, tens of milliseconds against the second a year's rows take to read and work
// out), so no writer has to remember to say so: the lifecycle, retention, an account's removal
// and the demo's seeding all show. After a booking changes only its day is worked out again;
// the first ask after a start reads the period's rows once, as before.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  dayUse,
  firstEndingAfter,
  type Day,
  type DayUse,
  type Span,
  type UsageResource,
} from '~/lib/usage/figures';
import { addDays, labTime, type LabDay } from '~/lib/bookings/time';
import { bookingsIn } from './rows';

const DAY_MINUTES = 1440;
const MINUTE_MS = 60_000;
/** Days kept per store: a year of 50 resources is 18,000. */
const KEPT_DAYS = 40_000;

const dayStarts = new Map<LabDay, Date>();
/** The lab day `day` as [start, end) in real time (a year's midnights ask Intl once each). */
function labDay(day: LabDay): Day {
  const startOf = (d: LabDay) => {
    let start = dayStarts.get(d);
    if (!start) {
      if (dayStarts.size > 10_000) dayStarts.clear();
      dayStarts.set(d, (start = labTime(d, 0)));
    }
    return start;
  };
  return { first: day, last: day, start: startOf(day), end: startOf(addDays(day, 1)) };
}

/**
 * What each resource's rows looked like, by UTC day of their start: enough to see any insert,
 * delete, move, status change or check-in (updated_at, sequence and the status's length), and how
 * far the group reaches (its latest end).
 */
async function fingerprints(db: Kysely<Database>, resourceIds: string[], start: Date, end: Date) {
  const rows = await db
    .selectFrom('bookings')
    .select((eb) => [
      'resource_id',
      // A literal divisor: a bound 1440 is a real number to SQLite, and the division would not round.
      sql<number>`block_start / ${sql.lit(DAY_MINUTES)}`.as('day'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('updated_at').as('updated'),
      eb.fn.sum<number | string>('sequence').as('sequence'),
      eb.fn.sum<number | string>(eb.fn('length', ['status'])).as('statuses'),
      eb.fn.max('ends_at').as('reach'),
    ])
    .where('resource_id', 'in', resourceIds)
    .where('starts_at', '<', end.toISOString())
    .where('ends_at', '>', start.toISOString())
    .groupBy(['resource_id', 'day'])
    .orderBy('resource_id')
    .orderBy('day')
    .execute();
  const byResource = new Map<string, { start: number; reach: number; print: string }[]>();
  for (const row of rows) {
    const list = byResource.get(row.resource_id) ?? byResource.set(row.resource_id, []).get(row.resource_id)!;
    list.push({
      start: Number(row.day) * DAY_MINUTES * MINUTE_MS,
      reach: Date.parse(String(row.reach)),
      print: `${row.day}:${row.n}:${row.updated}:${row.sequence}:${row.statuses}`,
    });
  }
  return byResource;
}

/** For each of `days` (in order), the prints of the groups whose rows may overlap it. */
function printsOfDays(groups: { start: number; reach: number; print: string }[], days: Day[]) {
  let next = 0;
  let reaching: typeof groups = [];
  return days.map((day) => {
    const [start, end] = [day.start.getTime(), day.end.getTime()];
    while (next < groups.length && groups[next]!.start < end) reaching.push(groups[next++]!);
    reaching = reaching.filter((group) => group.reach > start);
    return reaching.map((group) => group.print).join(' ');
  });
}

const keyOf = (resource: UsageResource, day: Day) => `${resource.id} ${day.first}`;

/** What a resource's day depends on besides its rows. */
const termsOf = (resource: UsageResource) =>
  `${resource.id} ${JSON.stringify(resource.hours)} ${resource.outOfServiceSince} ${resource.creditId}`;

/** The figures per resource and day of one store, kept in memory (see above). */
export function dayUsesIn(db: Kysely<Database>) {
  const kept = new Map<string, { terms: string; print: string; use: DayUse }>();

  /**
   * Works out the `missing` days of each resource from the rows: one read per run of consecutive
   * days, shared by the resources missing the same run (after a change: today, for all of them).
   */
  async function workOut(missing: Map<UsageResource, Day[]>, now: Date) {
    const runs = new Map<string, { days: Day[]; resources: UsageResource[] }>();
    for (const [resource, days] of missing)
      for (let i = 0; i < days.length;) {
        let j = i + 1;
        while (j < days.length && days[j]!.start.getTime() === days[j - 1]!.end.getTime()) j++;
        const key = `${days[i]!.first} ${days[j - 1]!.first}`;
        (runs.get(key) ?? runs.set(key, { days: days.slice(i, j), resources: [] }).get(key)!).resources.push(
          resource,
        );
        i = j;
      }
    const worked = new Map<string, DayUse>();
    for (const { days, resources } of runs.values()) {
      const rows = await bookingsIn(
        db,
        resources.map((r) => r.id),
        days[0]!.start,
        days.at(-1)!.end,
        [...new Set(resources.flatMap((r) => (r.creditId ? [r.creditId] : [])))],
      );
      const spans = days.map((day): Span => [day.start.getTime(), day.end.getTime()]);
      const byDay = new Map(resources.map((r) => [r.id, days.map(() => [] as typeof rows)]));
      for (const row of rows) {
        // Each day of the run the row reaches, from the first that ends after it starts.
        const own = byDay.get(row.resourceId)!;
        for (let d = firstEndingAfter(spans, row.start); d < days.length && spans[d]![0] < row.end; d++)
          own[d]!.push(row);
      }
      for (const resource of resources)
        days.forEach((day, d) =>
          worked.set(keyOf(resource, day), dayUse(resource, byDay.get(resource.id)![d]!, day, now)),
        );
    }
    return worked;
  }

  /**
   * Each resource's figures for each lab day of [first, last], as of `now`: a day that is over is
   * taken from memory when the rows it overlaps are as they were; the others are worked out.
   */
  return async function dayUses(
    resources: readonly UsageResource[],
    first: LabDay,
    last: LabDay,
    now: Date,
  ): Promise<Map<string, DayUse[]>> {
    const days: Day[] = [];
    for (let day = first; day <= last; day = addDays(day, 1)) days.push(labDay(day));
    const out = new Map<string, DayUse[]>();
    if (!resources.length || !days.length) return out;
    const groups = await fingerprints(
      db,
      resources.map((r) => r.id),
      days[0]!.start,
      days.at(-1)!.end,
    );
    const looked = resources.map((resource) => {
      const terms = termsOf(resource);
      const prints = printsOfDays(groups.get(resource.id) ?? [], days);
      const known = days.map((day, d) => {
        const entry = kept.get(keyOf(resource, day));
        return entry && entry.terms === terms && entry.print === prints[d] && day.end <= now
          ? entry.use
          : null;
      });
      return { resource, terms, prints, known };
    });
    const worked = await workOut(
      new Map(looked.map(({ resource, known }) => [resource, days.filter((_, d) => !known[d])])),
      now,
    );
    for (const { resource, terms, prints, known } of looked)
      out.set(
        resource.id,
        days.map((day, d) => {
          if (known[d]) return known[d];
          const use = worked.get(keyOf(resource, day))!;
          // Only a day that is over keeps: until then its figures change with the clock.
          if (day.end <= now) {
            if (kept.size >= KEPT_DAYS) kept.clear();
            kept.set(keyOf(resource, day), { terms, print: prints[d]!, use });
          }
          return use;
        }),
      );
    return out;
  };
}

export type DayUses = ReturnType<typeof dayUsesIn>;

const stores = new WeakMap<Kysely<Database>, DayUses>();
/** The store's kept days (one per store and process). */
export function dayUsesOf(db: Kysely<Database>): DayUses {
  let dayUses = stores.get(db);
  if (!dayUses) stores.set(db, (dayUses = dayUsesIn(db)));
  return dayUses;
}
