// What an admin changed in a resource's form, for the audit log (docs/product.md §2, Audit log):
// each field that differs, named as the form names it, old → new in words. Never an id: the
// induction by its name, the photo as added, replaced or removed.
import { RESOURCE_KINDS, type ResourceKind } from './models';
import { openingText, type BookingRules, type ResourceStatus } from './rules';
import { duration } from './time';

/** A resource as its form sets it: the rules with the limit the admin typed (null: the lab's default). */
export interface ResourceSnapshot {
  name: string;
  slug: string;
  kind: ResourceKind;
  description: string;
  /** the photo's asset, compared only: never shown */
  photoId: string | null;
  status: ResourceStatus;
  statusReason: string;
  /** the induction's name, or null for none */
  induction: string | null;
  /** '3 GPU tokens per hour', or null for nothing */
  cost: string | null;
  /** the group of equivalent machines ('' for none) */
  equivalentGroup: string;
  /** its questions when a booking needs approval; null: booked at once */
  approval: { questions: string[] } | null;
  rules: BookingRules;
}

/** Longest text shown of a changed description or reason, each side. */
const SHOWN = 80;

const quoted = (text: string) =>
  text ? `“${text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text}”` : 'empty';
const minutes = (value: number) => (value ? duration(value) : 'none');

/** Each field of the form as words, in the form's order. */
const FIELDS: [label: string, show: (resource: ResourceSnapshot) => string][] = [
  ['Name', (resource) => quoted(resource.name)],
  ['Slug', (resource) => resource.slug],
  ['Kind', (resource) => RESOURCE_KINDS[resource.kind]],
  ['Description', (resource) => quoted(resource.description)],
  // compared by its asset, told as added, replaced or removed (below)
  ['Photo', (resource) => resource.photoId ?? ''],
  ['Induction needed', (resource) => resource.induction ?? 'None'],
  ['Costs', (resource) => resource.cost ?? 'Nothing'],
  [
    'Approval',
    (resource) =>
      resource.approval
        ? `Required${resource.approval.questions.length ? `, asking ${quoted(resource.approval.questions.join(' / '))}` : ''}`
        : 'Not required',
  ],
  ['Status', (resource) => (resource.status === 'available' ? 'Available' : 'Out of service')],
  ['Reason it is out of service', (resource) => quoted(resource.statusReason)],
  [
    'Group of equivalent machines',
    (resource) => (resource.equivalentGroup ? quoted(resource.equivalentGroup) : 'None'),
  ],
  ['Slot length', (resource) => duration(resource.rules.slotMinutes)],
  ['Shortest booking', (resource) => duration(resource.rules.minMinutes)],
  ['Longest booking', (resource) => duration(resource.rules.maxMinutes)],
  ['Buffer after each booking', (resource) => minutes(resource.rules.bufferMinutes)],
  [
    'Opening hours',
    (resource) => (resource.rules.hours === 'any' ? 'Any time' : openingText(resource.rules.hours)),
  ],
  ['Notice needed', (resource) => minutes(resource.rules.noticeMinutes)],
  ['How far ahead', (resource) => duration(resource.rules.horizonDays * 1440, { days: true })],
  ['Cancellation cutoff', (resource) => minutes(resource.rules.cancelCutoffMinutes)],
  [
    'Check-in',
    (resource) =>
      resource.rules.checkInGraceMinutes == null
        ? 'Not required'
        : `Required, ${duration(resource.rules.checkInGraceMinutes)} grace`,
  ],
  [
    'Most upcoming bookings per member',
    (resource) =>
      resource.rules.maxUpcoming === null ? 'the lab’s default' : String(resource.rules.maxUpcoming),
  ],
  [
    'Most hours per member per week',
    (resource) =>
      resource.rules.maxWeekMinutes === null ? 'no limit' : duration(resource.rules.maxWeekMinutes),
  ],
];

/**
 * 'Slot length: 30 minutes → 1 hour', one for each field that differs, in the form's order; the
 * photo as 'Photo: added', 'replaced' or 'removed'. Empty when nothing changed.
 */
export function resourceChanges(before: ResourceSnapshot, after: ResourceSnapshot): string[] {
  return FIELDS.flatMap(([label, show]) => {
    const [was, now] = [show(before), show(after)];
    if (was === now) return [];
    if (label === 'Photo') return [`Photo: ${!was ? 'added' : !now ? 'removed' : 'replaced'}`];
    return [`${label}: ${was} → ${now}`];
  });
}

/** The audit entry's detail for a saved resource: its changes, or that nothing changed. */
export const resourceChangesText = (before: ResourceSnapshot, after: ResourceSnapshot) =>
  resourceChanges(before, after).join('; ') || 'Nothing changed';
