// Credits (docs/product.md §10 'Credits', docs/decisions/031-credit-ledger.md): what a booking
// costs, which lots pay for it and in what order, and the words members read. Pure: the ledger
// (app/.server/bookings/standing/credits.ts) reads the lots and writes the entries.
import { dateName, duration, labDayOf, labTime } from './time';

/** What the lab hands out: 'GPU tokens', counted in 'token'. */
export interface Credit {
  id: string;
  name: string;
  unit: string;
  /** made for every member for each lab month a booking of theirs starts in; 0: none */
  monthlyAllowance: number;
}

/** What a booking of a resource costs: `perHour` of `credit`. */
export interface Cost {
  credit: Credit;
  perHour: number;
}

/** A lot as spending reads it. `id` null: the month's allowance, not made yet (made on demand). */
export interface SpendLot {
  id: string | null;
  source: 'allowance' | 'grant';
  /** an allowance's lab month, '2026-12' */
  month: string | null;
  /** ISO instant; null: never */
  expiresAt: string | null;
  remaining: number;
}

/** The rate times the length in minutes / 60, rounded up to a whole credit. */
export const costOf = (perHour: number, minutes: number) => Math.ceil((perHour * minutes) / 60);

/** The lab month (Europe/Dublin) an instant is in: '2026-12'. */
export const labMonthOf = (date: Date) => labDayOf(date).slice(0, 7);

/** When a lab month's allowance expires: the first instant of the next month in Dublin. */
export function monthEndOf(month: string): Date {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
  return labTime(next, 0);
}

/**
 * The lots a booking starting at `start` may draw from, in the order it draws: the allowance of
 * its own lab month first (made from `allowance` when the member has none yet), then the grants
 * still valid at its start, the one that expires first first. Another month's allowance never pays.
 */
export function drawOrder(lots: readonly SpendLot[], start: Date, allowance: number): SpendLot[] {
  const month = labMonthOf(start);
  const at = start.getTime();
  const own = lots.find((lot) => lot.source === 'allowance' && lot.month === month);
  const first: SpendLot[] = own
    ? [own]
    : allowance > 0
      ? [
          {
            id: null,
            source: 'allowance',
            month,
            expiresAt: monthEndOf(month).toISOString(),
            remaining: allowance,
          },
        ]
      : [];
  const grants = lots
    .filter((lot) => lot.source === 'grant' && (lot.expiresAt === null || Date.parse(lot.expiresAt) > at))
    .sort(
      (a, b) =>
        (a.expiresAt === null ? Infinity : Date.parse(a.expiresAt)) -
        (b.expiresAt === null ? Infinity : Date.parse(b.expiresAt)),
    );
  return [...first, ...grants].filter((lot) => lot.remaining > 0);
}

export const totalOf = (lots: readonly { remaining: number }[]) =>
  lots.reduce((sum, lot) => sum + lot.remaining, 0);

/** How much of `need` each lot in `order` gives, the first ones first; null when they have less. */
export function drawPlan<Lot extends { remaining: number }>(order: readonly Lot[], need: number) {
  const plan: { lot: Lot; amount: number }[] = [];
  let left = need;
  for (const lot of order) {
    if (left <= 0) break;
    const amount = Math.min(lot.remaining, left);
    if (amount > 0) plan.push({ lot, amount });
    left -= amount;
  }
  return left > 0 ? null : plan;
}

/**
 * What a checked-out booking spent: its rate for the minutes it was used, rounded up to the
 * resource's slot and at least one slot, and never more than it held.
 */
export function usedCost(perHour: number, usedMinutes: number, slotMinutes: number, held: number) {
  const slots = Math.max(1, Math.ceil(usedMinutes / slotMinutes));
  return Math.min(held, costOf(perHour, slots * slotMinutes));
}

/** '6 GPU tokens', '1 GPU token' (the name's plural dropped when it ends in its unit's). */
export function amountText(amount: number, credit: Pick<Credit, 'name' | 'unit'>) {
  const name =
    Math.abs(amount) === 1 && credit.name.toLowerCase().endsWith(`${credit.unit.toLowerCase()}s`)
      ? credit.name.slice(0, -1)
      : credit.name;
  return `${amount} ${name}`;
}

/** '3 GPU tokens per hour' */
export const costText = (cost: Cost) => `${amountText(cost.perHour, cost.credit)} per hour`;

/** 'You need 6 GPU tokens for this and have 4.' */
export const shortText = (credit: Pick<Credit, 'name' | 'unit'>, need: number, have: number) =>
  `You need ${amountText(need, credit)} for this and have ${have}.`;

/**
 * What the confirm page says before the member books: 'This holds 6 GPU tokens (2 hours x 3 per
 * hour). You will have 6 left.', or, when they have too few, the refusal they would get.
 */
export function holdText(cost: Cost, minutes: number, have: number) {
  const need = costOf(cost.perHour, minutes);
  if (need > have) return shortText(cost.credit, need, have);
  return `This holds ${amountText(need, cost.credit)} (${duration(minutes)} x ${cost.perHour} per hour). You will have ${have - need} left.`;
}

/** 'never', or the lab day a lot expires on: the day before its first instant past ('31 December 2026'). */
export function expiryText(expiresAt: string | null) {
  if (!expiresAt) return 'never';
  return dateName(labDayOf(new Date(Date.parse(expiresAt) - 1)));
}

/** The words of a ledger entry's kind on a statement. */
export const ENTRY_TEXT: Record<string, string> = {
  grant: 'Granted',
  allowance: 'Monthly allowance',
  hold: 'Held for a booking',
  release: 'Released',
  settle: 'Spent',
  expire: 'Expired',
  adjust: 'Adjusted',
};
