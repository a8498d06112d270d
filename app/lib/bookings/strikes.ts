// No-show strikes (docs/product.md §10 'Strikes'): pure. A no-show, or a booking released past its
// cutoff, gives a strike that counts for `days`; `limit` unwaived ones stop new bookings for
// `suspensionDays` from the last of them. The store counts them in the booking's transaction under
// the member's lock, so parallel requests cannot slip past.
import type { Refusal } from './rules';
import { addDays, dateName, labDayOf } from './time';

export interface StrikeSettings {
  limit: number;
  days: number;
  suspensionDays: number;
}

export const STRIKE_KIND_TEXT = { 'no-show': 'No-show', 'late-cancel': 'Released late' } as const;

export type StrikeKind = keyof typeof STRIKE_KIND_TEXT;

/** A strike as the pause counts it. */
export interface CountedStrike {
  kind: StrikeKind;
  createdAt: string;
}

/** A member's pause: how many strikes of each kind, since which day, and the day it lifts. */
export interface Pause {
  noShows: number;
  lateReleases: number;
  since: string;
  until: string;
}

/**
 * The pause `strikes` (the member's unwaived ones still counting, oldest first) put on new bookings
 * now: they reach the limit and the last is less than the suspension old; otherwise null.
 */
export function pauseOf(strikes: CountedStrike[], now: Date, settings: StrikeSettings): Pause | null {
  if (!strikes.length || strikes.length < settings.limit) return null;
  const until = addDays(labDayOf(new Date(strikes.at(-1)!.createdAt)), settings.suspensionDays);
  if (labDayOf(now) >= until) return null;
  const noShows = strikes.filter((strike) => strike.kind === 'no-show').length;
  return {
    noShows,
    lateReleases: strikes.length - noShows,
    since: labDayOf(new Date(strikes[0]!.createdAt)),
    until,
  };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '3 strikes (1 no-show, 2 late releases) since 2 November 2026': what the pause counts. */
function countText(pause: Pause) {
  const kinds = [
    pause.noShows ? counted(pause.noShows, 'no-show', 'no-shows') : null,
    pause.lateReleases ? counted(pause.lateReleases, 'late release', 'late releases') : null,
  ].filter(Boolean);
  const total = counted(pause.noShows + pause.lateReleases, 'strike', 'strikes');
  return `${total} (${kinds.join(', ')}) since ${dateName(pause.since)}`;
}

/**
 * 'You have 3 strikes (1 no-show, 2 late releases) since 2 November 2026. You can book again on 20
 * November 2026.': the one text of a pause, on /bookings, a resource's week and a refused booking.
 */
export const pauseText = (pause: Pause) =>
  `You have ${countText(pause)}. You can book again on ${dateName(pause.until)}.`;

/** What the release mail that gives the strike completing a pause adds: paused now, until when. */
export const pausedMailText = (pause: Pause) =>
  `You now have ${countText(pause)}, so your new bookings are paused: you can book again on ${dateName(pause.until)}. The bookings you already have still stand.`;

/** The refusal of a booking while the member is paused (pauseOf), or null. */
export function suspensionRefusal(
  strikes: CountedStrike[],
  now: Date,
  settings: StrikeSettings,
): Refusal | null {
  const pause = pauseOf(strikes, now, settings);
  return pause && { rule: 'strikes', field: null, message: pauseText(pause) };
}

/** When a late-cancel strike goes away on its own. */
export const LATE_CANCEL_WAIVER = 'waived if someone else books the time before it starts';

/** What a release's mail says of the strike it gave: what it costs, and the way back. */
export function strikeMailText(kind: StrikeKind, settings: StrikeSettings) {
  const stop = `${settings.limit} strikes stop new bookings for ${settings.suspensionDays} days.`;
  return kind === 'no-show'
    ? `It counts as a no-show strike for ${settings.days} days; ${stop} If you could not come, ask to waive it on My bookings.`
    : `Released past the cutoff, it counts as a late-cancel strike for ${settings.days} days, ${LATE_CANCEL_WAIVER}. ${stop}`;
}

/** A no-show released without a strike: the lab's machine was the reason. */
export const NO_STRIKE_TEXT = 'No strike: the machine was out of service or in maintenance.';

/** The rule as /bookings states it. */
export const strikeRuleText = (settings: StrikeSettings) =>
  `A no-show, or a booking released past its cutoff, counts as a strike for ${settings.days} days; ${settings.limit} of them stop new bookings for ${settings.suspensionDays} days. A machine out of service or in maintenance gives none.`;
