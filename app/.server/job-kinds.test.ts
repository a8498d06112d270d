// The list of the lab's timed work (job-kinds.ts): enqueue() takes only its kinds, each with its
// own payload (the @ts-expect-error lines fail `tsc` if a misspelled kind or a wrong payload were
// ever accepted), and what a producer queues is what its kind's handler takes.
import { afterAll, describe, expect, test } from 'vitest';
import { db } from './db';
import { JOB_KINDS, SWEEPS } from './job-kinds';
import { enqueue, type NewJob } from './jobs';

afterAll(() => db.destroy());

/** Never called: what the type checker holds `enqueue` to. */
export function typeChecks() {
  // @ts-expect-error -- a misspelled kind is a type error, not a job queued for ever
  void enqueue(db, { kind: 'remider', key: 'reminder:b1:0:24h', payload: { bookingId: 'b1', sequence: 0 } });
  // @ts-expect-error -- a reminder's payload names its booking and sequence
  void enqueue(db, { kind: 'reminder', key: 'reminder:b1:0:24h', payload: { bookingId: 'b1' } });
  // @ts-expect-error -- a mail's payload is a Message
  void enqueue(db, { kind: 'mail', key: 'mail:x', payload: { to: 'a@example.ie' } });
  // @ts-expect-error -- the housekeeping takes no payload
  void enqueue(db, { kind: 'housekeeping', key: 'housekeeping:2031-01-01T00', payload: { all: true } });
  const fine: NewJob = {
    kind: 'reminder',
    key: 'reminder:b1:0:24h',
    payload: { bookingId: 'b1', sequence: 0 },
  };
  return fine;
}

describe('the list of job kinds', () => {
  test('every kind and sweep has a name of its own; each retry delay is a positive wait', () => {
    const names = [...JOB_KINDS, ...SWEEPS].map((each) => each.name);
    expect(new Set(names).size).toBe(names.length);
    expect(JOB_KINDS.map((kind) => kind.name)).toEqual([
      'mail',
      'reminder',
      'induction-expiry',
      'credits-settle',
      'request-expire',
      'offer-freed',
      'offer-lapse',
      'housekeeping',
    ]);
    for (const kind of JOB_KINDS) {
      expect(kind.policy.attempts).toBeGreaterThan(0);
      expect(kind.policy.retryDelays.every((delay) => delay > 0)).toBe(true);
    }
  });

  test("the housekeeping is keyed by the lab's hour, so of several instances one runs it", () => {
    const housekeeping = JOB_KINDS.find((kind) => kind.name === 'housekeeping')!;
    // 03:30 UTC in December is 03:30 in Dublin; in July it is 04:30 (summer time).
    expect(housekeeping.schedule!.keyAt(new Date('2026-12-01T03:30:00Z'))).toBe('housekeeping:2026-12-01T03');
    expect(housekeeping.schedule!.keyAt(new Date('2026-07-01T03:30:00Z'))).toBe('housekeeping:2026-07-01T04');
  });

  test("a payload as its producer queues it fits its kind's schema; a mangled one does not", () => {
    const schemaOf = (name: string) => JOB_KINDS.find((kind) => kind.name === name)!.payload;
    expect(schemaOf('reminder').safeParse({ bookingId: 'b1', sequence: 3 }).success).toBe(true);
    expect(schemaOf('reminder').safeParse({ bookingId: 'b1', sequence: '3' }).success).toBe(false);
    expect(
      schemaOf('mail').safeParse({ to: 'a@example.ie', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' })
        .success,
    ).toBe(true);
    expect(schemaOf('mail').safeParse({ to: 'a@example.ie' }).success).toBe(false);
    expect(schemaOf('housekeeping').safeParse(null).success).toBe(true);
  });
});
