// The rows /admin/usage reads (docs/product.md §11), for a period and a scope: the resources, their
// bookings and maintenance in the period, the waits, the inductions' steps and the credit ledger.
// One query each, on either engine; the figures are worked out in app/lib/usage/figures.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  BOOKED,
  behaviour,
  busiestTenth,
  daysHourOfWeek,
  funnel,
  hourOfWeek,
  minutesByMember,
  openSpans,
  resourceUse,
  totalUse,
  type CreditMonth,
  type InductionFacts,
  type UsageResource,
} from '~/lib/usage/figures';
import { dayUsesOf, type DayUses } from './days';
import { bookingsIn } from './rows';
import { addToHeatMap, emptyHeatMap } from '~/lib/usage/heat-map';
import { monthsOf, type Period, type Scope } from '~/lib/usage/period';
import { QUIET_WEEKS } from '~/lib/usage/quiet';
import { addDays, labDayOf, labTime, weekStartOf } from '~/lib/bookings/time';
import { rulesOf, selectResources } from '../core/rows';

/** The resources a scope covers, in the lab's order. */
async function scopedResources(db: Kysely<Database>, scope: Scope) {
  let query = selectResources(db);
  if (scope.kind === 'kind') query = query.where('resources.kind', '=', scope.value);
  if (scope.kind === 'resource') query = query.where('resources.slug', '=', scope.slug);
  return query.execute();
}

/** Waits on `resourceIds` joined or ended in [start, end). */
async function waitsIn(db: Kysely<Database>, resourceIds: string[], start: Date, end: Date) {
  if (!resourceIds.length) return [];
  const [from, to] = [start.toISOString(), end.toISOString()];
  const rows = await db
    .selectFrom('waitlist')
    .select(['resource_id', 'created_at', 'ended_at', 'ended_why'])
    .where('resource_id', 'in', resourceIds)
    .where((eb) =>
      eb.or([
        eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]),
        eb.and([eb('ended_at', '>=', from), eb('ended_at', '<', to)]),
      ]),
    )
    .execute();
  return rows.map((row) => ({
    resourceId: row.resource_id,
    createdAt: row.created_at,
    endedAt: row.ended_at,
    endedWhy: row.ended_why,
  }));
}

/** Each induction the scope's resources need: its requests, sign-offs and members' bookings. */
async function inductionFacts(
  db: Kysely<Database>,
  inductionIds: string[],
  asOf: Date,
): Promise<InductionFacts[]> {
  if (!inductionIds.length) return [];
  const [inductions, requests, held, bookings] = await Promise.all([
    db
      .selectFrom('inductions')
      .select(['id', 'name'])
      .where('id', 'in', inductionIds)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('induction_requests')
      .select(['induction_id', 'user_id', 'created_at'])
      .where('induction_id', 'in', inductionIds)
      .execute(),
    db
      .selectFrom('member_inductions')
      .select(['induction_id', 'user_id', 'signed_off_at', 'expires_at', 'revoked_at'])
      .where('induction_id', 'in', inductionIds)
      .execute(),
    db
      .selectFrom('bookings')
      .innerJoin('resources', 'resources.id', 'bookings.resource_id')
      .select((eb) => [
        'resources.induction_id',
        'bookings.user_id',
        eb.fn.min('bookings.created_at').as('first_at'),
        // the last start before the period's end (or now): what 'active' looks back from
        eb.fn
          .max(
            eb
              .case()
              .when('bookings.starts_at', '<', asOf.toISOString())
              .then(eb.ref('bookings.starts_at'))
              .end(),
          )
          .as('last_start'),
      ])
      .where('resources.induction_id', 'in', inductionIds)
      .where('bookings.kind', '=', 'booking')
      .where('bookings.status', 'in', BOOKED)
      .where('bookings.user_id', 'is not', null)
      .groupBy(['resources.induction_id', 'bookings.user_id'])
      .execute(),
  ]);
  return inductions.map((induction) => ({
    id: induction.id,
    name: induction.name,
    requests: requests
      .filter((r) => r.induction_id === induction.id)
      .map((r) => ({ userId: r.user_id, createdAt: r.created_at })),
    held: held
      .filter((h) => h.induction_id === induction.id)
      .map((h) => ({
        userId: h.user_id,
        signedOffAt: h.signed_off_at,
        expiresAt: h.expires_at,
        revokedAt: h.revoked_at,
      })),
    bookings: bookings
      .filter((b) => b.induction_id === induction.id)
      .map((b) => ({
        userId: b.user_id!,
        firstAt: String(b.first_at),
        lastStart: b.last_start === null ? '' : String(b.last_start),
      })),
  }));
}

/** Granted, held, settled and expired per lab month of the credits `creditIds`, in the period. */
async function creditMonths(db: Kysely<Database>, creditIds: string[], period: Period) {
  if (!creditIds.length) return [];
  // Summed per UTC hour in the database (a year: at most 9,000 rows per kind), then put in the lab
  // month that hour is in.
  const hour = sql<string>`substr(credit_entries.created_at, 1, 13)`;
  const rows = await db
    .selectFrom('credit_entries')
    .innerJoin('credit_lots', 'credit_lots.id', 'credit_entries.lot_id')
    .select((eb) => [
      'credit_lots.credit_id',
      'credit_entries.kind',
      hour.as('hour'),
      eb.fn.sum<number | string>('credit_entries.amount').as('amount'),
    ])
    .where('credit_lots.credit_id', 'in', creditIds)
    .where('credit_entries.created_at', '>=', period.start.toISOString())
    .where('credit_entries.created_at', '<', period.end.toISOString())
    .groupBy(['credit_lots.credit_id', 'credit_entries.kind', hour])
    .execute();
  const credits = await db
    .selectFrom('credits')
    .select(['id', 'name', 'unit'])
    .where('id', 'in', creditIds)
    .orderBy('name')
    .execute();
  const table = new Map<string, CreditMonth>();
  for (const credit of credits)
    for (const month of monthsOf(period))
      table.set(`${credit.id} ${month}`, {
        credit: credit.name,
        unit: credit.unit,
        month,
        granted: 0,
        held: 0,
        settled: 0,
        expired: 0,
      });
  for (const row of rows) {
    const month = `${labDayOf(new Date(`${row.hour}:00:00Z`)).slice(0, 7)}-01`;
    const entry = table.get(`${row.credit_id} ${month}`);
    if (!entry) continue;
    const amount = Number(row.amount);
    if (row.kind === 'grant' || row.kind === 'allowance') entry.granted += amount;
    else if (row.kind === 'hold') entry.held += amount;
    else if (row.kind === 'settle') entry.settled += amount;
    else if (row.kind === 'expire') entry.expired += amount;
  }
  return [...table.values()];
}

/** Everything /admin/usage shows for a period and a scope, as of `now`: its days' figures added up. */
export async function labUsage(
  db: Kysely<Database>,
  period: Period,
  scope: Scope,
  now: Date,
  dayUses: DayUses = dayUsesOf(db),
) {
  const rows = await scopedResources(db, scope);
  const resources = rows.map((row): UsageResource & { inductionId: string | null } => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    hours: rulesOf(row).hours,
    outOfServiceSince: row.status === 'out_of_service' ? (row.status_since ?? row.updated_at) : null,
    creditId: row.credit_id,
    inductionId: row.induction_id,
  }));
  const ids = resources.map((r) => r.id);
  const asOf = new Date(Math.min(now.getTime(), period.end.getTime()));
  const creditIds = [...new Set(resources.flatMap((r) => (r.creditId ? [r.creditId] : [])))];
  const [days, waits, inductions, credits] = await Promise.all([
    dayUses(resources, period.first, period.last, now),
    waitsIn(db, ids, period.start, period.end),
    inductionFacts(db, [...new Set(resources.flatMap((r) => (r.inductionId ? [r.inductionId] : [])))], asOf),
    creditMonths(db, creditIds, period),
  ]);
  const perResource = resources.map((resource) => resourceUse(resource, days.get(resource.id)!));
  const allDays = [...days.values()].flat();
  return {
    resources: perResource,
    total: totalUse(perResource),
    hours: daysHourOfWeek(allDays),
    behaviour: behaviour(allDays, waits, period),
    inductions: inductions.map((facts) => funnel(facts, period, now)),
    credits,
    concentration: creditIds.map((creditId) => {
      const byMember = minutesByMember(
        resources.filter((r) => r.creditId === creditId).flatMap((r) => days.get(r.id)!),
      );
      return {
        credit: rows.find((r) => r.credit_id === creditId)?.credit_name ?? '',
        members: byMember.length,
        hours: Math.round(byMember.reduce((sum, m) => sum + m, 0) / 60),
        busiestTenth: busiestTenth(byMember),
      };
    }),
  };
}

/**
 * When a resource is usually booked, anonymously: per hour of the week, the minutes it was open and
 * the minutes booked over the last eight full lab weeks. An hour never open is left out (null).
 */
export async function quietHours(db: Kysely<Database>, resourceId: string, now: Date) {
  const row = await selectResources(db).where('resources.id', '=', resourceId).executeTakeFirst();
  if (!row) return null;
  const monday = weekStartOf(labDayOf(now));
  const period = { first: addDays(monday, -7 * QUIET_WEEKS), last: addDays(monday, -1) };
  const [start, end] = [labTime(period.first, 0), labTime(monday, 0)];
  const resource: UsageResource = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    hours: rulesOf(row).hours,
    outOfServiceSince: null,
    creditId: null,
  };
  const bookings = await bookingsIn(db, [row.id], start, end);
  const open = emptyHeatMap();
  // Maintenance is left in the open hours: for a member it is time the machine is not free.
  for (const [a, b] of openSpans(resource, period, [], now))
    addToHeatMap(open, Math.max(a, start.getTime()), Math.min(b, end.getTime()));
  const booked = hourOfWeek(bookings, { start, end });
  return booked.map((day, d) =>
    day.map((minutes, h) => (open[d]![h]! > 0 ? { open: open[d]![h]!, booked: minutes } : null)),
  );
}
