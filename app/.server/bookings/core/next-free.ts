// 'Find the next free time' (docs/product.md §10): a resource and its equivalents (the same
// non-empty group, none out of service), what stands on their calendars over their horizons read in
// one indexed query, and the earliest starts found by the pure sweep (app/lib/bookings/next-free.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HOLDING, type Resource } from '~/lib/bookings/models';
import { horizonEnd, statusRefusal } from '~/lib/bookings/rules';
import { NEXT_FREE_COUNT, nextFreeAcross, type Range } from '~/lib/bookings/next-free';
import { epochMinutes } from '~/lib/bookings/time';
import { selectResources, toResource } from './rows';
import { MINUTE_MS } from '~/lib/time-units';

/** A free start and the machine it is on. */
export interface FreeStart {
  resource: { slug: string; name: string };
  /** ISO instants */
  start: string;
  end: string;
}

export interface NextFree {
  /** the machines searched: the resource (unless out of service), then its equivalents in the lab's order */
  searched: { slug: string; name: string }[];
  starts: FreeStart[];
}

/** The resource and, when it is in a group, its equivalents: the lab's order, the resource first. */
export async function equivalentsOf(db: Kysely<Database>, resource: Resource): Promise<Resource[]> {
  if (!resource.equivalentGroup) return [resource];
  const rows = await selectResources(db)
    .where('resources.equivalent_group', '=', resource.equivalentGroup)
    .execute();
  return [resource, ...rows.map(toResource).filter((other) => other.id !== resource.id)];
}

/**
 * What stands on some machines' calendars between two instants, by machine: only the block ranges
 * (minutes since the epoch, buffer included), read by the index on (resource_id, block_end), so a
 * year of past bookings is never walked. Every status that holds time counts: the viewer's own
 * bookings are taken time too.
 */
async function blockRanges(db: Kysely<Database>, resourceIds: string[], from: Date, to: Date) {
  const byResource = new Map<string, Range[]>(resourceIds.map((id) => [id, []]));
  if (!resourceIds.length) return byResource;
  const rows = await db
    .selectFrom('bookings')
    .select(['resource_id', 'block_start', 'block_end'])
    .where('resource_id', 'in', resourceIds)
    .where('status', 'in', HOLDING)
    .where('block_end', '>', epochMinutes(from))
    .where('block_start', '<', epochMinutes(to) + 1)
    .execute();
  for (const row of rows)
    byResource
      .get(row.resource_id)
      ?.push({ from: row.block_start * MINUTE_MS, until: row.block_end * MINUTE_MS });
  return byResource;
}

/**
 * The earliest `count` starts where a booking of `minutes` fits, on the resource and its
 * equivalents (each by its own rules; one whose rules do not allow that length has none), within
 * each one's horizon. A member's own limits are not applied: the confirm page checks those.
 */
export async function nextFree(
  db: Kysely<Database>,
  resource: Resource,
  minutes: number,
  now = new Date(),
  count = NEXT_FREE_COUNT,
): Promise<NextFree> {
  const machines = (await equivalentsOf(db, resource)).filter((machine) => !statusRefusal(machine));
  const until = new Date(
    Math.max(now.getTime(), ...machines.map((machine) => horizonEnd(machine.rules, now).getTime())),
  );
  // The last start's booking and the buffer after it reach past the horizon.
  const reach = minutes + Math.max(0, ...machines.map((machine) => machine.rules.bufferMinutes));
  // From now: a booking that began earlier counts as far as its range reaches.
  const blocks = await blockRanges(
    db,
    machines.map((machine) => machine.id),
    now,
    new Date(until.getTime() + reach * MINUTE_MS),
  );
  const found = nextFreeAcross(
    machines.map((machine) => ({ machine, rules: machine.rules, ranges: blocks.get(machine.id) ?? [] })),
    minutes,
    now,
    count,
  );
  return {
    searched: machines.map(({ slug, name }) => ({ slug, name })),
    starts: found.map(({ machine, start }) => ({
      resource: { slug: machine.slug, name: machine.name },
      start: start.toISOString(),
      end: new Date(start.getTime() + minutes * MINUTE_MS).toISOString(),
    })),
  };
}
