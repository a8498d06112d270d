// What /admin/usage is asked about (docs/product.md §11): a period on the lab's calendar and a
// scope (the whole lab, a kind of resource, one resource), read from the page's GET form.
import { z } from 'zod';
import { RESOURCE_KINDS, type ResourceKind } from '~/lib/bookings/models';
import { addDays, dateName, labDayOf, labTime, parseLabDay, type LabDay } from '~/lib/bookings/time';

export const PERIODS = {
  'this-month': 'This month',
  'last-month': 'Last month',
  '12-weeks': 'The last 12 weeks',
  dates: 'From and to dates',
} as const;
export type PeriodChoice = keyof typeof PERIODS;

/** Two years and a day: a year compared with the one before it, never the whole history at once. */
export const MAX_PERIOD_DAYS = 731;

/** A date field: empty is absent (the form sends both dates whatever the period). */
const labDay = z.preprocess(
  (value) => (typeof value === 'string' && !value.trim() ? undefined : value),
  z
    .string()
    .trim()
    .refine((text) => parseLabDay(text) !== null, 'Enter a date as YYYY-MM-DD')
    .optional(),
);

export const UsageQuerySchema = z
  .object({
    period: z
      .enum(Object.keys(PERIODS) as [PeriodChoice, ...PeriodChoice[]], {
        errorMap: () => ({ message: 'Choose from the list' }),
      })
      .default('this-month'),
    from: labDay,
    to: labDay,
    scope: z
      .string()
      .max(140)
      .regex(/^(lab|kind:[a-z]+|resource:[a-z0-9-]+)$/, 'Choose from the list')
      .default('lab'),
  })
  .superRefine((query, ctx) => {
    if (query.period !== 'dates') return;
    if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day' });
    if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the last day' });
    if (!query.from || !query.to) return;
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    else if (daysBetween(query.from, query.to) + 1 > MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose at most two years' });
  });
export type UsageQuery = z.infer<typeof UsageQuerySchema>;

/** What the form shows: each field as sent (or its default). */
export const queryValues = (params: URLSearchParams) => ({
  period: params.get('period') ?? 'this-month',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
  scope: params.get('scope') ?? 'lab',
});

export type Scope =
  { kind: 'lab' } | { kind: 'kind'; value: ResourceKind } | { kind: 'resource'; slug: string };

/** The scope a query names; an unknown kind is the whole lab (the form offers only real ones). */
export function scopeOf(text: string): Scope {
  const [what, value = ''] = text.split(':');
  if (what === 'kind' && value in RESOURCE_KINDS) return { kind: 'kind', value: value as ResourceKind };
  if (what === 'resource' && value) return { kind: 'resource', slug: value };
  return { kind: 'lab' };
}

/** [start, end) on the lab's clocks: its first and last lab day, and how it is named on the page. */
export interface Period {
  first: LabDay;
  last: LabDay;
  start: Date;
  end: Date;
  label: string;
}

const MONTH = new Intl.DateTimeFormat('en-IE', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const daysBetween = (from: LabDay, to: LabDay) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The first day of the lab month `months` after the one `day` is in. */
const monthStart = (day: LabDay, months = 0) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
};

/** The lab days a query covers, as of `now`; a query that failed its schema never gets here. */
export function periodOf(query: UsageQuery, now: Date): Period {
  const today = labDayOf(now);
  let first: LabDay;
  let last: LabDay;
  if (query.period === 'this-month' || query.period === 'last-month') {
    first = monthStart(today, query.period === 'this-month' ? 0 : -1);
    last = addDays(monthStart(first, 1), -1);
  } else if (query.period === '12-weeks') {
    first = addDays(today, -83);
    last = today;
  } else {
    first = query.from!;
    last = query.to!;
  }
  const whole = first === monthStart(first) && addDays(last, 1) === monthStart(first, 1);
  return {
    first,
    last,
    start: labTime(first, 0),
    end: labTime(addDays(last, 1), 0),
    label: whole ? MONTH.format(new Date(`${first}T12:00:00Z`)) : `${dateName(first)} to ${dateName(last)}`,
  };
}

/** The lab months (first days) that [first, last] touches, in order: the credits' rows. */
export function monthsOf(period: Pick<Period, 'first' | 'last'>): LabDay[] {
  const months: LabDay[] = [];
  for (let month = monthStart(period.first); month <= period.last; month = monthStart(month, 1))
    months.push(month);
  return months;
}

export const monthLabel = (month: LabDay) => MONTH.format(new Date(`${month}T12:00:00Z`));
