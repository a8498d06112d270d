// How the lab is used (docs/product.md §11): the figures of /admin/usage and a resource's quiet
// hours, worked out from the rows on demand. The figures are kept per data version: the same
// question asked again before anything changed (and in the same minute) is answered from memory;
// after a change, only the days whose rows changed are worked out again (days.ts).
// Quiet hours look at eight weeks that are over, so they are kept for the week.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readDataVersion } from '../../data-version';
import { labDayOf, weekStartOf } from '~/lib/bookings/time';
import { RESOURCE_KINDS, type OpeningHours, type ResourceKind } from '~/lib/bookings/models';
import {
  periodOf,
  queryValues,
  scopeOf,
  UsageQuerySchema,
  type Period,
  type Scope,
} from '~/lib/usage/period';
import { labUsage, quietHours } from './usage';
import type { ResourceUse } from '~/lib/usage/figures';
import { share } from '~/lib/usage/shares';
import { MAX_PERIOD_DAYS, monthLabel, PERIODS } from '~/lib/usage/period';
import { behaviourRows } from '~/lib/usage/usage-csv';

export type LabUsage = Awaited<ReturnType<typeof labUsage>>;
type Asked = Awaited<ReturnType<ReturnType<typeof usageIn>['ask']>>;
export type QuietHours = NonNullable<Awaited<ReturnType<typeof quietHours>>>;

/** The answers of the current data version, by question; a new version starts an empty map. */
function keptPerVersion<T>(version: () => Promise<string>, size = 32) {
  let kept = { version: '', answers: new Map<string, Promise<T>>() };
  return async (key: string, compute: () => Promise<T>) => {
    const current = await version();
    if (kept.version !== current) kept = { version: current, answers: new Map() };
    const answers = kept.answers;
    let answer = answers.get(key);
    if (!answer) {
      if (answers.size >= size) answers.delete(answers.keys().next().value!);
      answer = compute();
      answers.set(key, answer);
      // A failure is told to those waiting for it, not kept for the next request.
      answer.catch(() => answers.get(key) === answer && answers.delete(key));
    }
    return answer;
  };
}

const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

/**
 * /admin/usage's loader data: the question's form, and the figures with every share worked out
 * here, so the page's script carries no rule (nor zod) of its own.
 */
async function usagePage(ask: (params: URLSearchParams) => Promise<Asked>, params: URLSearchParams) {
  const asked = await ask(params);
  const periods = Object.entries(PERIODS).map(([value, label]) => ({ value, label }));
  if (!asked.ok) return { ...asked, periods, maxDays: MAX_PERIOD_DAYS, search: '' };
  const { period, figures } = asked;
  const search = new URLSearchParams({
    period: asked.query.period,
    ...(asked.query.period === 'dates' ? { from: asked.query.from!, to: asked.query.to! } : {}),
    scope: asked.query.scope,
  }).toString();
  const shares = <T extends Omit<ResourceUse, 'slug' | 'name' | 'kind'>>(use: T) => ({
    ...use,
    bookedShare: share(use.bookedMinutes, use.openMinutes),
    usedShare: use.usedMinutes === null ? null : share(use.usedMinutes, use.openSoFar),
  });
  const { behaviour } = figures;
  return {
    ...asked,
    periods,
    maxDays: MAX_PERIOD_DAYS,
    search,
    period: { label: period.label, first: period.first, last: period.last },
    figures: {
      ...figures,
      resources: figures.resources.map(shares),
      total: shares(figures.total),
      behaviourRows: behaviourRows(behaviour),
      behaviourShares: {
        noShows: share(behaviour.noShows, behaviour.checkInBookings),
        lateCancels: share(behaviour.lateCancels, behaviour.cancels),
        rebooked: share(behaviour.rebookedMinutes, behaviour.freedMinutes),
      },
      credits: figures.credits.map((month) => ({ ...month, monthName: monthLabel(month.month) })),
    },
  };
}

export function usageIn(db: Kysely<Database>, version: () => Promise<string> = readDataVersion) {
  const labAnswers = keptPerVersion<LabUsage>(version);
  // Past weeks change only when a member's account (and its bookings) goes: the picture is kept
  // per resource, week and opening hours, whatever else changes.
  const quietAnswers = keptPerVersion<QuietHours | null>(async () => 'weekly', 256);
  const lab = (period: Period, scope: Scope, now = new Date()) =>
    labAnswers(`${period.first} ${period.last} ${JSON.stringify(scope)} ${minuteOf(now)}`, () =>
      labUsage(db, period, scope, now),
    );
  /**
   * /admin/usage's question read from its address (UsageQuerySchema; a resource that is not the
   * lab's is an error on the scope) and answered: the form's values, the scopes to choose from,
   * and either the errors by field or the period, the scope's name and the figures.
   */
  async function ask(params: URLSearchParams, now = new Date()) {
    const values = queryValues(params);
    // Only what the scope list names, in the lab's order (not the joins selectResources makes).
    const resources = await db
      .selectFrom('resources')
      .select(['slug', 'name'])
      .orderBy('position')
      .orderBy('name')
      .execute();
    const scopes = [
      { value: 'lab', name: 'The whole lab' },
      ...Object.entries(RESOURCE_KINDS).map(([kind, name]) => ({ value: `kind:${kind}`, name })),
      ...resources.map((r) => ({ value: `resource:${r.slug}`, name: r.name })),
    ];
    const asked = UsageQuerySchema.safeParse(Object.fromEntries(params));
    const errors: Record<string, string[] | undefined> = asked.success
      ? {}
      : asked.error.flatten().fieldErrors;
    if (asked.success && !scopes.some((scope) => scope.value === asked.data.scope))
      errors.scope = ['Choose from the list'];
    if (!asked.success || errors.scope) return { ok: false as const, values, scopes, errors };
    const period = periodOf(asked.data, now);
    const scope = scopeOf(asked.data.scope);
    const name =
      scope.kind === 'lab'
        ? 'The whole lab'
        : scope.kind === 'kind'
          ? RESOURCE_KINDS[scope.value as ResourceKind]
          : scopes.find((s) => s.value === asked.data.scope)!.name;
    return {
      ok: true as const,
      values,
      scopes,
      query: asked.data,
      period,
      name,
      figures: await lab(period, scope, now),
    };
  }
  return {
    ask,
    /** The same, shaped for the page: its choices, and each share worked out. */
    page: (params: URLSearchParams) => usagePage(ask, params),
    /** The figures for a period and a scope, as of now (to the minute). */
    lab,
    /** Per hour of the week, open and booked minutes of the last eight weeks (null: no such resource). */
    quietHours: (resource: { id: string; rules: { hours: OpeningHours } }, now = new Date()) =>
      quietAnswers(
        `${resource.id} ${weekStartOf(labDayOf(now))} ${JSON.stringify(resource.rules.hours)}`,
        () => quietHours(db, resource.id, now),
      ),
  };
}
