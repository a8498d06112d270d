// What the /admin pages may do (docs/decisions/018-admin-area.md): the same server code the admin
// CLI calls, on this site's own store. Every change writes the audit log in its transaction.
import { db } from '../db';
import { createInvite, listInvites, revokeInvite, type InviteOptions } from '../store/invites';
import { removeMember } from '../account-removal';
import { auditPage, type Actor } from './audit';
import { adminMemberList, memberToDelete } from './members';
import { postToRemove, removePost, setSignInDisabled } from './moderation';
import { deleteProject, saveProject, type ProjectImages } from './projects';
import { listProjects, projectById } from '../store/projects';
import type { ProjectForm } from '~/lib/schemas';
import type { PreparedAsset } from '../assets';
import { memberIdByUsername, setInductor, type InductionActor } from '../bookings/inductions';
import { bookings } from '../bookings';
import { sendBookingCancelled, sendBookingConfirmation, sendOutOfService } from '../bookings/mail';
import { whenText } from '~/lib/booking/format';
import { adminInductionList, inductionForAdmin, saveInduction } from './inductions';
import {
  addMaintenance,
  bookForMember,
  removeMaintenance,
  resourceById,
  saveResource,
  upcomingBookingCount,
  upcomingMaintenance,
} from './resources';
import { selectResources, toResource } from '../bookings/rows';
import type { InductionForm, ResourceForm } from '~/lib/booking/schemas';
import type { Booking } from '~/lib/booking/models';

export { requireAdmin } from './roles';

export const admin = {
  invites: {
    list: () => listInvites(db),
    create: (options: InviteOptions, actor: Actor) => createInvite(db, options, actor),
    revoke: (id: string, actor: Actor) => revokeInvite(db, { id }, actor),
  },
  members: {
    list: (query: string) => adminMemberList(db, query),
    toDelete: (username: string) => memberToDelete(db, username),
    remove: (memberId: string, actor: Actor) => removeMember(db, memberId, actor),
    setSignInDisabled: (username: string, disabled: boolean, actor: Actor) =>
      setSignInDisabled(db, username, disabled, actor),
  },
  posts: {
    toRemove: (postId: string) => postToRemove(db, postId),
    remove: (postId: string, reason: string, actor: Actor) => removePost(db, postId, reason, actor),
  },
  projects: {
    list: () => listProjects(db),
    byId: (id: string) => projectById(db, id),
    save: (id: string | null, form: ProjectForm, images: ProjectImages, actor: Actor) =>
      saveProject(db, id, form, images, actor),
    remove: (id: string, actor: Actor) => deleteProject(db, id, actor),
  },
  resources: {
    list: async () => (await selectResources(db).execute()).map(toResource),
    byId: (id: string) => resourceById(db, id),
    upcomingBookings: (id: string) => upcomingBookingCount(db, id),
    async save(
      id: string | null,
      form: ResourceForm,
      photo: { choice: PreparedAsset | null; remove: boolean },
      actor: Actor,
    ) {
      const outcome = await saveResource(db, id, form, photo, actor);
      // Out of service: each member with an upcoming booking of it is told, once, with all of theirs.
      const change = outcome.status === 'saved' ? outcome.outOfService : null;
      if (change) {
        const byMember = new Map<string, Booking[]>();
        for (const { member, booking } of change.bookings)
          byMember.set(member.email, [...(byMember.get(member.email) ?? []), booking]);
        await Promise.all(
          [...byMember].map(([email, bookings]) => sendOutOfService(email, { ...change, bookings })),
        );
      }
      return outcome;
    },
    /** Upcoming maintenance blocks, each with its time in words (Dublin time). */
    maintenance: async (resourceId: string) =>
      (await upcomingMaintenance(db, resourceId)).map((block) => ({ ...block, when: whenText(block) })),
    /** Adds a block; the members whose bookings it cancelled are told after the commit. */
    async addMaintenance(
      resourceId: string,
      input: { start: Date; end: Date; reason: string; alsoCancel: boolean },
      actor: Actor,
    ) {
      const outcome = await addMaintenance(db, resourceId, input, actor);
      if (outcome.status === 'added')
        await Promise.all(
          outcome.cancelled.map(({ member, booking }) =>
            sendBookingCancelled(member.email, booking, input.reason),
          ),
        );
      // What stands in the way, in words: 'Tuesday 1 December 2026, 10:00–12:00 (@ana)'.
      const standing =
        outcome.status === 'bookings-stand'
          ? outcome.bookings.map(({ booking, member }) => `${whenText(booking)} (@${member.username})`)
          : outcome.status === 'blocked'
            ? outcome.blocks.map((block) => `${whenText(block)} (${block.reason})`)
            : [];
      return { ...outcome, standing };
    },
    removeMaintenance: (resourceId: string, blockId: string, actor: Actor) =>
      removeMaintenance(db, resourceId, blockId, actor),
    /** Books for a member past the rules (never past a clash); the member gets the confirmation. */
    async bookFor(resourceId: string, input: Parameters<typeof bookForMember>[2], actor: Actor) {
      const outcome = await bookForMember(db, resourceId, input, actor);
      if (outcome.status === 'booked') await sendBookingConfirmation(outcome.email, outcome.booking);
      return outcome;
    },
  },
  /** The lab's bookings by resource, day and member, and cancelling one with a reason. */
  bookings: bookings.staff,
  inductions: {
    list: () => adminInductionList(db),
    byId: (id: string) => inductionForAdmin(db, id),
    save: (id: string | null, form: InductionForm, actor: Actor) => saveInduction(db, id, form, actor),
    memberId: (username: string) => memberIdByUsername(db, username),
    setInductor: (actor: InductionActor, input: { inductionId: string; userId: string; appoint: boolean }) =>
      setInductor(db, actor, input),
    // The member is mailed from the one place every caller goes through.
    signOff: bookings.inductions.signOff,
    revoke: bookings.inductions.revoke,
  },
  log: {
    page: (page: number) => auditPage(db, page),
  },
};
