// The texts of a pause (docs/product.md §10 'Strikes'): what it counts, by kind, since when and
// until when; one text for /bookings, a resource's week, a refused booking and the release mail.
import { describe, expect, test } from 'vitest';
import { pausedMailText, pauseOf, pauseText, suspensionRefusal, type CountedStrike } from './strikes';

const settings = { limit: 3, days: 60, suspensionDays: 14 };
const strike = (kind: CountedStrike['kind'], day: string): CountedStrike => ({
  kind,
  createdAt: `${day}T10:00:00Z`,
});
const now = new Date('2026-11-10T12:00:00Z');

describe('the pause', () => {
  test('names each kind it counts, not three no-shows when two were late releases', () => {
    const strikes = [
      strike('late-cancel', '2026-11-02'),
      strike('no-show', '2026-11-04'),
      strike('late-cancel', '2026-11-06'),
    ];
    const pause = pauseOf(strikes, now, settings)!;
    expect(pause).toEqual({ noShows: 1, lateReleases: 2, since: '2026-11-02', until: '2026-11-20' });
    expect(pauseText(pause)).toBe(
      'You have 3 strikes (1 no-show, 2 late releases) since 2 November 2026. You can book again on 20 November 2026.',
    );
    expect(suspensionRefusal(strikes, now, settings)).toEqual({
      rule: 'strikes',
      field: null,
      message: pauseText(pause),
    });
    expect(pausedMailText(pause)).toBe(
      'You now have 3 strikes (1 no-show, 2 late releases) since 2 November 2026, so your new bookings are paused: you can book again on 20 November 2026. The bookings you already have still stand.',
    );
  });

  test('one kind only, and one of each in the singular', () => {
    const noShows = ['2026-11-02', '2026-11-04', '2026-11-06'].map((day) => strike('no-show', day));
    expect(pauseText(pauseOf(noShows, now, settings)!)).toMatch(/^You have 3 strikes \(3 no-shows\) since /);
    const one = pauseOf([strike('late-cancel', '2026-11-06')], now, { ...settings, limit: 1 })!;
    expect(pauseText(one)).toMatch(/^You have 1 strike \(1 late release\) since 6 November 2026\./);
  });

  test('none below the limit, and none from the day it lifts', () => {
    const two = [strike('no-show', '2026-11-02'), strike('no-show', '2026-11-04')];
    expect(pauseOf(two, now, settings)).toBeNull();
    expect(pauseOf([], now, { ...settings, limit: 0 })).toBeNull();
    const three = [...two, strike('late-cancel', '2026-11-06')];
    expect(pauseOf(three, new Date('2026-11-19T23:30:00Z'), settings)).not.toBeNull();
    // Midnight in Dublin on the 20th (GMT in November).
    expect(pauseOf(three, new Date('2026-11-20T00:00:00Z'), settings)).toBeNull();
  });
});
