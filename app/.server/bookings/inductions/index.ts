// Inductions: who may sign members off, requests, sign-offs, declines and revocations, and the
// admin's list of inductions and inductors. What the facade composes of them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueing } from '../../jobs';
import type { Actor } from '../../audit';
import { memberIdByUsername } from '../../store/usernames';
import type { InductionForm } from '~/lib/bookings/schemas';
import { adminInductionList, inductionForAdmin, saveInduction } from './admin-inductions';
import {
  declineRequest,
  inductionHolders,
  inductionsSignedOffBy,
  isInductor,
  memberInductions,
  openRequests,
  revokeInduction,
  setInductor,
  signOff,
  type InductionActor,
} from './inductions';

export { askForInduction, inductionFor } from './induction-request';
export type { InductionActor };

/** Signing members off (/inductions): what an admin or an induction's inductors may do. */
export const inductionsIn = (db: Kysely<Database>) => ({
  /** The inductions `actor` signs off (every one for an admin), open requests for them and who holds them. */
  async forActor(actor: InductionActor) {
    const inductions = await inductionsSignedOffBy(db, actor);
    const [requests, holders] = await Promise.all([
      openRequests(db, { actor }),
      inductionHolders(
        db,
        inductions.map((induction) => induction.id),
      ),
    ]);
    return { inductions, requests, holders };
  },
  /** Whether `actor` signs anyone off (0 inductions: /inductions is not theirs). */
  isInductor: (actor: InductionActor) => isInductor(db, actor),
  memberIdByUsername: (username: string) => memberIdByUsername(db, username),
  /** Signs a member off; they are mailed what they can book now. */
  signOff: (actor: InductionActor, input: { inductionId: string; userId: string; note: string }) =>
    queueing(() => signOff(db, actor, input)),
  /**
   * Revokes with a reason, and cancels the member's upcoming bookings that need it when
   * `alsoCancel`; the member is mailed the revocation either way, with those bookings.
   */
  revoke: (
    actor: InductionActor,
    input: { inductionId: string; userId: string; reason: string; alsoCancel?: boolean },
  ) => queueing(() => revokeInduction(db, actor, input)),
  /** Declines an open request with a reason; the member is mailed 'Not yet: {reason}'. */
  decline: (actor: InductionActor, input: { requestId: string; reason: string }) =>
    queueing(() => declineRequest(db, actor, input)),
});

/** The member's own side of inductions on /bookings: what they hold and what they asked for. */
export const memberInductionsIn = (db: Kysely<Database>) => ({
  memberInductions: (userId: string) => memberInductions(db, userId),
  openRequests: (userId: string) => openRequests(db, { userId }),
});

/** Inductions and their inductors as admins keep them (/admin/inductions, the CLI). */
export const adminInductionsIn = (db: Kysely<Database>) => ({
  list: () => adminInductionList(db),
  byId: (id: string) => inductionForAdmin(db, id),
  save: (id: string | null, form: InductionForm, actor: Actor) => saveInduction(db, id, form, actor),
  setInductor: (
    actor: InductionActor | 'cli',
    input: { inductionId: string; userId: string; appoint: boolean },
  ) => setInductor(db, actor, input),
});
