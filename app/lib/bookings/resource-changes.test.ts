import { expect, test } from 'vitest';
import { resourceChanges, resourceChangesText, type ResourceSnapshot } from './resource-changes';

const laser: ResourceSnapshot = {
  name: 'Laser cutter',
  slug: 'laser-cutter',
  kind: 'fabrication',
  description: 'CO2, 60 W',
  photoId: 'photo-1',
  status: 'available',
  statusReason: '',
  induction: 'Laser induction',
  cost: null,
  equivalentGroup: '',
  approval: null,
  rules: {
    slotMinutes: 30,
    minMinutes: 30,
    maxMinutes: 120,
    bufferMinutes: 0,
    hours: 'any',
    noticeMinutes: 60,
    horizonDays: 14,
    cancelCutoffMinutes: 60,
    maxUpcoming: null,
    maxWeekMinutes: null,
    checkInGraceMinutes: null,
  },
};

test('resourceChanges: each changed field old → new in words, in the form’s order; nothing else', () => {
  expect(resourceChanges(laser, laser)).toEqual([]);
  expect(resourceChangesText(laser, laser)).toBe('Nothing changed');
  const after: ResourceSnapshot = {
    ...laser,
    status: 'out_of_service',
    statusReason: 'Tube cracked',
    equivalentGroup: 'Laser cutters',
    induction: null,
    cost: '3 GPU tokens per hour',
    approval: { questions: ['Organism', 'Waste route'] },
    rules: {
      ...laser.rules,
      slotMinutes: 60,
      maxMinutes: 240,
      cancelCutoffMinutes: 180,
      hours: { mon: { open: 540, close: 1080 }, tue: { open: 540, close: 1080 } },
      maxUpcoming: 2,
      maxWeekMinutes: 360,
      checkInGraceMinutes: 15,
    },
  };
  expect(resourceChanges(laser, after)).toEqual([
    'Induction needed: Laser induction → None',
    'Costs: Nothing → 3 GPU tokens per hour',
    'Approval: Not required → Required, asking “Organism / Waste route”',
    'Status: Available → Out of service',
    'Reason it is out of service: empty → “Tube cracked”',
    'Group of equivalent machines: None → “Laser cutters”',
    'Slot length: 30 minutes → 1 hour',
    'Longest booking: 2 hours → 4 hours',
    'Opening hours: Any time → Monday to Tuesday 09:00–18:00',
    'Cancellation cutoff: 1 hour → 3 hours',
    'Check-in: Not required → Required, 15 minutes grace',
    'Most upcoming bookings per member: the lab’s default → 2',
    'Most hours per member per week: no limit → 6 hours',
  ]);
});

test('resourceChanges: the photo is added, replaced or removed, never named by its id; long text is cut', () => {
  const text = (before: Partial<ResourceSnapshot>, after: Partial<ResourceSnapshot>) =>
    resourceChangesText({ ...laser, ...before }, { ...laser, ...after });
  expect(text({ photoId: null }, {})).toBe('Photo: added');
  expect(text({}, { photoId: 'photo-2' })).toBe('Photo: replaced');
  expect(text({}, { photoId: null })).toBe('Photo: removed');
  expect(text({}, { photoId: 'photo-2' })).not.toContain('photo-');
  expect(text({}, { name: 'Laser cutter (big)', kind: 'electronics', slug: 'big-laser' })).toBe(
    'Name: “Laser cutter” → “Laser cutter (big)”; Slug: laser-cutter → big-laser; Kind: Fabrication → Electronics and compute',
  );
  const long = 'x'.repeat(500);
  expect(text({}, { description: long })).toBe(`Description: “CO2, 60 W” → “${'x'.repeat(79)}…”`);
});
