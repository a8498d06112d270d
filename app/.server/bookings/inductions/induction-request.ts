// A member on a resource's page who lacks its induction (docs/product.md §10): where they stand,
// and their request for it, which the induction's inductors and the admins are mailed (queued in
// its transaction: requestInduction).
import { db } from '../../db';
import type { Resource } from '~/lib/bookings/models';
import { renewalText, type InductionStanding } from '~/lib/bookings/rules';
import { queueing } from '../../jobs';
import { inductionStanding, openRequests, requestInduction } from './inductions';

/** The member's standing with the induction `resource` needs, and whether they have asked for it. */
export async function inductionFor(
  resource: Resource,
  userId: string,
  now = new Date(),
): Promise<{ standing: InductionStanding; requested: boolean }> {
  if (!resource.induction) return { standing: { state: 'not-needed' }, requested: false };
  const standing = await inductionStanding(db, resource.induction, userId, now);
  if (standing.state === 'held' && !renewalText(standing, now)) return { standing, requested: false };
  const open = await openRequests(db, { userId });
  return { standing, requested: open.some((request) => request.induction.id === resource.induction!.id) };
}

export type AskOutcome = 'requested' | 'already-open' | 'not-needed';

export async function askForInduction(
  member: { id: string },
  resource: Resource,
  message: string,
): Promise<AskOutcome> {
  const induction = resource.induction;
  if (!induction) return 'not-needed';
  const now = new Date();
  const { standing } = await inductionFor(resource, member.id, now);
  // Held: asked again only in the weeks before it expires.
  if (standing.state === 'held' && !renewalText(standing, now)) return 'not-needed';
  const outcome = await queueing(() =>
    requestInduction(db, { inductionId: induction.id, userId: member.id, message }),
  );
  return outcome === 'not-found' ? 'not-needed' : outcome;
}
