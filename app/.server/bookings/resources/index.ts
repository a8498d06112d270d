// The lab's resources: the list members see, and what admins change (the resource form,
// maintenance blocks, out of service, booking for a member), with each machine's QR code.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueing } from '../../jobs';
import type { Actor } from '../../audit';
import type { PreparedAsset } from '../../assets';
import type { Resource } from '~/lib/bookings/models';
import { whenText } from '~/lib/bookings/format';
import type { ResourceForm } from '~/lib/bookings/schemas';
import { selectResources, toResource } from '../core/rows';
import {
  addMaintenance,
  bookForMember,
  removeMaintenance,
  shortenMaintenance,
  resourceById,
  saveResource,
  upcomingOfResource,
  upcomingMaintenance,
  creditChoices,
} from './admin-resources';

export { checkInQr } from './qr';

/** The resources, in the lab's order, and one by its address. */
export const resourcesIn = (db: Kysely<Database>) => ({
  async list(): Promise<Resource[]> {
    return (await selectResources(db).execute()).map(toResource);
  },
  async bySlug(slug: string): Promise<Resource | null> {
    const row = await selectResources(db).where('resources.slug', '=', slug).executeTakeFirst();
    return row ? toResource(row) : null;
  },
});

/**
 * Resources as admins run them (/admin/resources and the CLI): each change writes its audit entry
 * in its transaction, and the members it touches are mailed after the commit.
 */
export const adminResourcesIn = (db: Kysely<Database>) => ({
  byId: (id: string) => resourceById(db, id),
  /** The credits a resource may cost ('Costs' in its form). */
  creditChoices: () => creditChoices(db),
  /** Members' bookings of it that have not ended (the first 50) and how many: what out of service touches. */
  upcomingBookings: (id: string) => upcomingOfResource(db, id),
  /** Saves a resource; taken out of service, each member with upcoming bookings of it is told once, with all of theirs. */
  save: (
    id: string | null,
    form: ResourceForm,
    photo: { choice: PreparedAsset | null; remove: boolean },
    actor: Actor,
  ) => queueing(() => saveResource(db, id, form, photo, actor)),
  /** Upcoming maintenance blocks, each with its time in words (Dublin time). */
  maintenance: async (resourceId: string) =>
    (await upcomingMaintenance(db, resourceId)).map((block) => ({ ...block, when: whenText(block) })),
  /** Adds a block; the members whose bookings it cancelled are told after the commit. */
  async addMaintenance(
    resourceId: string,
    input: { start: Date; end: Date; reason: string; alsoCancel: boolean },
    actor: Actor,
  ) {
    const outcome = await queueing(() => addMaintenance(db, resourceId, input, actor));
    // What stands in the way, in words: 'Tuesday 1 December 2026, 10:00–12:00 (@ana)'.
    const standing =
      outcome.status === 'bookings-stand' || outcome.status === 'in-use'
        ? outcome.bookings.map(({ booking, member }) => `${whenText(booking)} (@${member.username})`)
        : outcome.status === 'blocked'
          ? outcome.blocks.map((block) => `${whenText(block)} (${block.reason})`)
          : [];
    return { ...outcome, standing };
  },
  /** Removes a block: the time it frees is offered to the waiting list (a job, woken at once). */
  removeMaintenance: (resourceId: string, blockId: string, actor: Actor) =>
    queueing(() => removeMaintenance(db, resourceId, blockId, actor)),
  /** 'End early': the block ends at `end`; the time after it is offered like freed time. */
  shortenMaintenance: (resourceId: string, input: { blockId: string; end: Date }, actor: Actor) =>
    queueing(() => shortenMaintenance(db, resourceId, input, actor)),
  /** Books for a member past the rules (never past a clash); the member gets the confirmation. */
  bookFor: (resourceId: string, input: Parameters<typeof bookForMember>[2], actor: Actor) =>
    queueing(() => bookForMember(db, resourceId, input, actor)),
});
