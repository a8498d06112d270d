// Requests and their decisions on the real store (both engines): a request holds its slot and the
// member's credits like a booking, one decision wins however many arrive at once, and each outcome
// leaves its event, mails, jobs and audit entry (docs/decisions/032-approvals-and-offers.md).
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { book, cancelBooking } from './book';
import { decide, expireRequest, pendingFor, setApprover } from './approvals';
import { historyOf } from './events';
import { mayDecide } from './approvals';
import {
  granted,
  hourAhead,
  minutesAfter,
  newCredit,
  newMember,
  newResource,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const QUESTIONS = ['Organism and biosafety level', 'Waste route'];
const ANSWERS = ['E. coli K-12, BSL-1', 'Autoclave'];

type Actor = { id: string; username: string; email: string; role: 'member' | 'admin' };

/** A wetlab bench that needs approval, its approver, a member who asks, and an admin. */
async function wetlab(rules = {}) {
  const credit = await newCredit(db);
  const resource = await newResource(db, {
    name: 'Fume hood',
    approval: QUESTIONS,
    rules: { noticeMinutes: 0, ...rules },
    cost: { creditId: credit.id, perHour: 2 },
  });
  /** a member with 10 credits to spend */
  const funded = async (prefix: string) => {
    const row = await newMember(db, prefix);
    await granted(db, row.id, credit.id, 10);
    return row;
  };
  const member = await funded('asker');
  const approverRow = await funded('approver');
  await setApprover(db, 'cli', { resourceId: resource.id, userId: approverRow.id, appoint: true });
  const adminRow = await newMember(db, 'admin');
  const approver: Actor = { ...approverRow, role: 'member' };
  const admin: Actor = { ...adminRow, role: 'admin' };
  return { resource, member, approver, admin, credit, funded };
}

async function requested(resourceId: string, userId: string, start: Date, now?: Date) {
  const outcome = await book(db, {
    resourceId,
    userId,
    start,
    minutes: 60,
    note: '',
    answers: ANSWERS,
    now,
  });
  if (outcome.status !== 'booked') throw new Error(JSON.stringify(outcome));
  return outcome.booking;
}

const jobsOf = (id: string) =>
  db
    .selectFrom('jobs')
    .select(['kind', 'key', 'state', 'run_at', 'payload'])
    .where('key', 'like', `%${id}%`)
    .orderBy('created_at')
    .execute();

const remainingOf = async (userId: string, creditId: string) =>
  (
    await db
      .selectFrom('credit_lots')
      .select('remaining')
      .where('user_id', '=', userId)
      .where('credit_id', '=', creditId)
      .executeTakeFirstOrThrow()
  ).remaining;

const events = async (id: string) => ((await historyOf(db, [id])).get(id) ?? []).map((event) => event.kind);

describe('a request', () => {
  test('is pending, holds its slot, the credits and a deadline, and tells the approvers', async () => {
    const { resource, member, approver, credit } = await wetlab();
    const start = hourAhead(5);
    const now = new Date();
    const request = await requested(resource.id, member.id, start, now);
    expect(request.status).toBe('pending');
    expect(request.answers).toEqual(QUESTIONS.map((question, i) => ({ question, answer: ANSWERS[i] })));
    // 48 hours on: the start is five days away.
    expect(request.holdUntil).toBe(new Date(now.getTime() + 48 * 3_600_000).toISOString());
    expect(await remainingOf(member.id, credit.id)).toBe(8);
    const jobs = await jobsOf(request.id);
    expect(jobs.find((job) => job.kind === 'request-expire')?.run_at).toBe(request.holdUntil);
    const mails = jobs.filter((job) => job.kind === 'mail').map((job) => job.key);
    expect(mails).toContain(`mail:booking-requested:${request.id}`);
    expect(mails).toContain(`mail:approval-request:${request.id}:${approver.email}`);
    // The member is not asked to approve their own request.
    expect(mails.some((key) => key.endsWith(`:${member.email}`) && key.includes('approval-request'))).toBe(
      false,
    );

    // Nobody else gets the slot while it waits: not another request, not an admin's booking.
    const other = await newMember(db, 'other');
    const second = await book(db, {
      resourceId: resource.id,
      userId: other.id,
      start,
      minutes: 60,
      note: '',
      answers: ANSWERS,
    });
    expect(second.status).toBe('taken');
    const onBehalf = await book(db, {
      resourceId: resource.id,
      userId: other.id,
      start: minutesAfter(start, 30),
      minutes: 60,
      note: '',
      onBehalf: { actor: { username: approver.username }, reason: 'Test' },
    });
    expect(onBehalf.status).toBe('taken');
  });

  test('needs every answer, and is closed 2 hours before the start', async () => {
    const { resource, member } = await wetlab();
    const start = hourAhead(3);
    const unanswered = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start,
      minutes: 60,
      note: '',
      answers: ['E. coli', ' '],
    });
    expect(unanswered).toMatchObject({ status: 'refused', refusal: { rule: 'answers' } });
    const late = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start,
      minutes: 60,
      note: '',
      answers: ANSWERS,
      now: minutesAfter(start, -119),
    });
    expect(late).toMatchObject({ status: 'refused', refusal: { rule: 'notice', field: 'start' } });
    // Within 48 hours of the start, it holds until 2 hours before it.
    const soon = await requested(resource.id, member.id, start, minutesAfter(start, -24 * 60));
    expect(soon.holdUntil).toBe(minutesAfter(start, -120).toISOString());
  });

  test('counts toward the member’s limits', async () => {
    const { resource, member } = await wetlab({ maxUpcoming: 1 });
    await requested(resource.id, member.id, hourAhead(4));
    const second = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start: hourAhead(5),
      minutes: 60,
      note: '',
      answers: ANSWERS,
    });
    expect(second).toMatchObject({ status: 'refused', refusal: { rule: 'upcoming' } });
  });
});

describe('a decision', () => {
  test('approved: a booking with reminders, its deadline job gone, the member mailed, audited', async () => {
    const { resource, member, approver } = await wetlab();
    const request = await requested(resource.id, member.id, hourAhead(4));
    const outcome = await decide(db, { bookingId: request.id, actor: approver, approve: true, reason: '' });
    expect(outcome).toMatchObject({ status: 'decided', booking: { status: 'active' } });
    expect(await events(request.id)).toEqual(['requested', 'approved']);
    const jobs = await jobsOf(request.id);
    expect(jobs.filter((job) => job.kind === 'reminder' && job.state === 'queued')).toHaveLength(2);
    expect(jobs.find((job) => job.kind === 'request-expire')?.state).toBe('cancelled');
    expect(jobs.map((job) => job.key)).toContain(`mail:booking-confirmed:${request.id}:1`);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target', 'like', `%@${member.username}%`)
      .execute();
    expect(audit).toEqual([{ action: 'booking.approve', actor: `@${approver.username}` }]);
  });

  test('declined with a reason: the slot and the credits are free again, the member told why', async () => {
    const { resource, member, admin, credit, funded } = await wetlab();
    const start = hourAhead(4);
    const request = await requested(resource.id, member.id, start);
    const outcome = await decide(db, {
      bookingId: request.id,
      actor: admin,
      approve: false,
      reason: 'No BSL-2 work this month',
    });
    expect(outcome).toMatchObject({
      status: 'decided',
      booking: { status: 'declined', decisionReason: 'No BSL-2 work this month' },
    });
    expect(await remainingOf(member.id, credit.id)).toBe(10);
    expect((await jobsOf(request.id)).map((job) => job.key)).toContain(`mail:booking-declined:${request.id}`);
    const other = await funded('other');
    expect(
      (
        await book(db, {
          resourceId: resource.id,
          userId: other.id,
          start,
          minutes: 60,
          note: '',
          answers: ANSWERS,
        })
      ).status,
    ).toBe('booked');
  });

  test('not by the member, nor by an approver of another resource', async () => {
    const { resource, member, approver } = await wetlab();
    const request = await requested(resource.id, member.id, hourAhead(4));
    const elsewhere = await wetlab();
    expect(
      await decide(db, { bookingId: request.id, actor: elsewhere.approver, approve: true, reason: '' }),
    ).toEqual({ status: 'not-found' });
    // An approver asking for themselves waits for someone else.
    const own = await requested(resource.id, approver.id, hourAhead(6));
    expect(await decide(db, { bookingId: own.id, actor: approver, approve: true, reason: '' })).toMatchObject(
      {
        status: 'refused',
        message: expect.stringContaining('your own request'),
      },
    );
    expect(await mayDecide(db, { ...member, role: 'member' })).toBe(false);
    expect((await pendingFor(db, approver)).map((row) => [row.booking.id, row.own])).toEqual([
      [request.id, false],
      [own.id, true],
    ]);
  });

  test('expired by the worker at its deadline, not before; a late approver is told', async () => {
    const { resource, member, approver, credit } = await wetlab();
    const request = await requested(resource.id, member.id, hourAhead(4));
    const deadline = new Date(request.holdUntil!);
    expect(await expireRequest(db, request.id, minutesAfter(deadline, -1))).toEqual([]);
    const [expired] = await expireRequest(db, request.id, deadline);
    expect(expired.status).toBe('expired');
    expect(await remainingOf(member.id, credit.id)).toBe(10);
    expect((await jobsOf(request.id)).map((job) => job.key)).toContain(`mail:booking-expired:${request.id}`);
    expect(await decide(db, { bookingId: request.id, actor: approver, approve: true, reason: '' })).toEqual({
      status: 'already',
      message: 'Someone else decided this request: it expired.',
    });
  });

  test('withdrawn by the member: the deadline job and the hold end', async () => {
    const { resource, member, credit } = await wetlab();
    const request = await requested(resource.id, member.id, hourAhead(4));
    expect((await cancelBooking(db, request.id, member.id)).status).toBe('cancelled');
    expect(await remainingOf(member.id, credit.id)).toBe(10);
    expect((await jobsOf(request.id)).find((job) => job.kind === 'request-expire')?.state).toBe('cancelled');
  });
});

describe('at once', () => {
  test('two approvers and the expiry on one request: exactly one outcome, the others told which', async () => {
    for (let round = 0; round < 5; round++) {
      const { resource, member, approver, admin } = await wetlab();
      const request = await requested(resource.id, member.id, hourAhead(4));
      const deadline = new Date(request.holdUntil!);
      // The approvers press in the last minute; the worker's job runs at the deadline.
      const [first, second, expiry] = await Promise.all([
        decide(db, {
          bookingId: request.id,
          actor: approver,
          approve: true,
          reason: '',
          now: minutesAfter(deadline, -1),
        }),
        decide(db, {
          bookingId: request.id,
          actor: admin,
          approve: false,
          reason: 'Full',
          now: minutesAfter(deadline, -1),
        }),
        expireRequest(db, request.id, deadline),
      ]);
      const decisions = (await events(request.id)).filter((kind) => kind !== 'requested');
      expect(decisions).toHaveLength(1);
      const winners = [first.status === 'decided', second.status === 'decided', expiry.length === 1];
      expect(winners.filter(Boolean)).toHaveLength(1);
      for (const outcome of [first, second])
        if (outcome.status !== 'decided')
          expect(outcome).toMatchObject({
            status: 'already',
            message: expect.stringMatching(/^Someone else decided/),
          });
    }
  });

  test('a request and an admin’s booking for the same time: one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { resource, member, admin, funded } = await wetlab();
      const other = await funded('other');
      const start = hourAhead(4);
      const outcomes = await Promise.all([
        book(db, {
          resourceId: resource.id,
          userId: member.id,
          start,
          minutes: 60,
          note: '',
          answers: ANSWERS,
        }),
        book(db, {
          resourceId: resource.id,
          userId: other.id,
          start,
          minutes: 60,
          note: '',
          onBehalf: { actor: { username: admin.username }, reason: 'Course' },
        }),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['booked', 'taken']);
    }
  });
});
