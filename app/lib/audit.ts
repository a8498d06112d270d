// How the audit log (/admin/log) names what was done, in words: times on the lab's clocks, never
// an internal key (docs/product.md §2, Audit log).
import { instantText, whenText } from './bookings/format';

const ACTIONS: Record<string, string> = {
  'invite.create': 'created',
  'invite.revoke': 'revoked',
  'member.promote': 'gave the admin role to',
  'member.demote': 'took the admin role from',
  'member.delete': 'deleted the member',
  'member.disable': 'disabled sign-in for',
  'member.enable': 're-enabled sign-in for',
  'post.remove': 'removed the post',
  'project.create': 'created',
  'project.update': 'edited',
  'project.delete': 'deleted',
  'resource.create': 'created',
  'resource.update': 'edited',
  'maintenance.create': 'blocked for maintenance',
  'maintenance.remove': 'removed the maintenance block on',
  'maintenance.shorten': 'ended early the maintenance block on',
  'booking.create': 'booked',
  'booking.override': 'booked anyway',
  'booking.cancel': 'cancelled the booking of',
  'induction.create': 'created',
  'induction.update': 'edited',
  'inductor.appoint': 'named as inductor',
  'inductor.remove': 'removed as inductor',
  'induction.sign-off': 'signed off',
  'induction.revoke': 'revoked the induction of',
  'job.retry': 'retried the dead',
  'strike.waive': 'waived the strike of',
  'strike.decline': 'declined to waive the strike of',
  'booking.check-in': 'checked in, for the member,',
  'bookings.export': 'downloaded as CSV',
};

export const auditActionText = (action: string) => ACTIONS[action] ?? action;

const INSTANT = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})`;
const RANGE = new RegExp(`(${INSTANT})\\s*[–-]\\s*(${INSTANT})`, 'g');
const SINGLE = new RegExp(INSTANT, 'g');
/** A uuid, with the space before it: an id of a row (a job, a booking) means nothing to a reader. */
const UUID = /\s*\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * An entry's target or detail as /admin/log shows it: instants ('2026-12-01T10:00:00.000Z', as
 * entries store them) in words on the lab's clocks ('Tuesday 1 December 2026, 10:00'; a range
 * 'Tuesday 1 December 2026, 10:00–12:00'), and no uuid. Entries are never rewritten, so the
 * oldest are shown this way too.
 */
export function auditText(text: string) {
  return text
    .replace(RANGE, (_, start: string, end: string) => whenText({ start, end }))
    .replace(SINGLE, (instant) => instantText(instant))
    .replace(UUID, '');
}
