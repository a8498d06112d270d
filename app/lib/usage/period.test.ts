import { expect, test } from 'vitest';
import { monthsOf, periodOf, scopeOf, UsageQuerySchema } from './period';

const now = new Date('2026-11-28T10:00:00Z');
const ask = (query: Record<string, string>) => periodOf(UsageQuerySchema.parse(query), now);

test('each period is whole lab days on Dublin’s clocks, named as the page names it', () => {
  expect(ask({})).toMatchObject({ first: '2026-11-01', last: '2026-11-30', label: 'November 2026' });
  const october = ask({ period: 'last-month', from: '', to: '' });
  // October starts in summer time (23:00 UTC the day before) and ends in winter time.
  expect(october).toMatchObject({ first: '2026-10-01', last: '2026-10-31', label: 'October 2026' });
  expect(october.start.toISOString()).toBe('2026-09-30T23:00:00.000Z');
  expect(october.end.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  expect(ask({ period: '12-weeks' })).toMatchObject({
    first: '2026-09-06',
    last: '2026-11-28',
    label: '6 September 2026 to 28 November 2026',
  });
  expect(monthsOf(ask({ period: '12-weeks' }))).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
  expect(ask({ period: 'dates', from: '2026-03-01', to: '2026-03-31' }).label).toBe('March 2026');
});

test('bad questions are refused on their field in the page’s words', () => {
  const errors = (query: Record<string, string>) => {
    const parsed = UsageQuerySchema.safeParse(query);
    return parsed.success ? {} : parsed.error.flatten().fieldErrors;
  };
  expect(errors({ period: 'dates' })).toEqual({ from: ['Enter the first day'], to: ['Enter the last day'] });
  expect(errors({ period: 'dates', from: '2026-02-30', to: '2026-03-01' })).toEqual({
    from: ['Enter a date as YYYY-MM-DD'],
  });
  expect(errors({ period: 'dates', from: '2026-11-02', to: '2026-11-01' })).toEqual({
    to: ['The last day must not be before the first'],
  });
  // Two years and a day (731 days) is the most; 732 is refused.
  expect(errors({ period: 'dates', from: '2024-11-01', to: '2026-11-01' })).toEqual({});
  expect(errors({ period: 'dates', from: '2024-10-31', to: '2026-11-01' })).toEqual({
    to: ['Choose at most two years'],
  });
  expect(errors({ period: 'yesterday' })).toEqual({ period: ['Choose from the list'] });
  expect(errors({ scope: '<script>' })).toEqual({ scope: ['Choose from the list'] });
  // Dates are not asked for by the other periods: empty is fine.
  expect(errors({ period: 'this-month', from: '', to: '' })).toEqual({});
  expect(scopeOf('kind:wetlab')).toEqual({ kind: 'kind', value: 'wetlab' });
  expect(scopeOf('kind:kitchen')).toEqual({ kind: 'lab' });
});
