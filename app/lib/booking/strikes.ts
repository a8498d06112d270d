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

/**
 * 'You have 3 no-shows since 2 November 2026. You can book again on 20 November 2026.' while
 * `strikes` (the member's unwaived ones still counting, oldest first) reach the limit and the last
 * is less than the suspension old; otherwise null.
 */
export function suspensionRefusal(
  strikes: { createdAt: string }[],
  now: Date,
  settings: StrikeSettings,
): Refusal | null {
  if (strikes.length < settings.limit) return null;
  const last = new Date(strikes.at(-1)!.createdAt);
  const again = addDays(labDayOf(last), settings.suspensionDays);
  if (labDayOf(now) >= again) return null;
  const since = dateName(labDayOf(new Date(strikes[0]!.createdAt)));
  return {
    rule: 'strikes',
    field: null,
    message: `You have ${strikes.length} no-shows since ${since}. You can book again on ${dateName(again)}.`,
  };
}

export const STRIKE_KIND_TEXT = { 'no-show': 'No-show', 'late-cancel': 'Released late' } as const;

export type StrikeKind = keyof typeof STRIKE_KIND_TEXT;

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
