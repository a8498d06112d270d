// The waiting list on the real store (both engines): freed time is offered to the first in line who
// may book it, a pass or a lapse sends it to the next and never back, the short notice mails
// everyone, and each offer has one outcome however many answers arrive at once
// (docs/decisions/033-waiting-list-offers.md).
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { book, cancelBooking } from './book';
import { checkIn, checkOut } from './check-in';
import { transition } from './lifecycle';
import { writeTransaction } from './rows';
import { historyOf } from './events';
import {
  answerOffer,
  joinWaitlist,
  lapseOffer,
  leaveWaitlist,
  lineOf,
  offerFreed,
  waitsOf,
} from './waitlist';
import {
  bookedBy,
  granted,
  hourAhead,
  minutesAfter,
  newCredit,
  newMember,
  newResource,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

/** Runs the resource's queued 'offer-freed' jobs as the worker would (at `now`); their outcomes. */
async function runFreed(resourceId: string, now = new Date()) {
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', 'offer-freed')
    .where('subject', '=', `resource:${resourceId}`)
    .where('state', '=', 'queued')
    .orderBy('created_at')
    .execute();
  const outcomes = [];
  for (const job of jobs) {
    outcomes.push(await offerFreed(db, JSON.parse(job.payload), now));
    await db.updateTable('jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
  }
  return outcomes;
}

/** The member waits for exactly [start, start + minutes), joining at `at` (which orders the line). */
async function waitsFor(resourceId: string, userId: string, start: Date, at: Date, minutes = 60) {
  const joined = await joinWaitlist(db, {
    resourceId,
    userId,
    from: start,
    to: minutesAfter(start, minutes),
    minMinutes: minutes,
    now: at,
  });
  if (joined.status !== 'joined') throw new Error(JSON.stringify(joined));
  return joined.waitId;
}

const offeredTo = (outcome: Awaited<ReturnType<typeof offerFreed>> | undefined) =>
  outcome?.status === 'offered' ? outcome.booking : null;

const mailKeys = async (like: string) =>
  (
    await db.selectFrom('jobs').select('key').where('kind', '=', 'mail').where('key', 'like', like).execute()
  ).map((job) => job.key);

const eventsOf = async (id: string) => ((await historyOf(db, [id])).get(id) ?? []).map((event) => event.kind);

/** A slot three days ahead held by one member, and three more waiting for it, in line a, b, c. */
async function slotWithLine() {
  const resource = await newResource(db, { name: 'GPU box' });
  const holder = await newMember(db, 'holder');
  const [a, b, c] = await Promise.all(['first', 'second', 'third'].map((prefix) => newMember(db, prefix)));
  const start = hourAhead(3);
  const held = await bookedBy(db, resource.id, holder.id, start);
  const earlier = Date.now() - 60_000;
  const waits = [];
  for (const [i, member] of [a, b, c].entries())
    waits.push(await waitsFor(resource.id, member.id, start, new Date(earlier + i * 1000)));
  return { resource, holder, held, start, members: [a, b, c], waits };
}

describe('freed time goes to the line', () => {
  test('a cancel offers it to the first in line, a pass to the next, a lapse to the next, never back', async () => {
    const { resource, holder, held, start, members, waits } = await slotWithLine();
    const [a, b, c] = members;
    const taken = await book(db, { resourceId: resource.id, userId: a.id, start, minutes: 60, note: '' });
    expect(taken.status).toBe('taken');

    const now = new Date();
    await cancelBooking(db, held.id, holder.id, now);
    const [first] = await runFreed(resource.id, now);
    const toA = offeredTo(first)!;
    expect(toA).toMatchObject({ status: 'offered', start: start.toISOString() });
    expect(toA.holdUntil).toBe(new Date(now.getTime() + 60 * 60_000).toISOString());
    expect(
      (await db.selectFrom('bookings').select('waitlist_id').where('id', '=', toA.id).executeTakeFirst())
        ?.waitlist_id,
    ).toBe(waits[0]);
    expect(await eventsOf(toA.id)).toEqual(['offered']);
    expect(await mailKeys(`mail:offer:${toA.id}`)).toHaveLength(1);
    const lapseJob = await db
      .selectFrom('jobs')
      .select(['run_at', 'state'])
      .where('key', '=', `offer-lapse:${toA.id}`)
      .executeTakeFirstOrThrow();
    expect(lapseJob).toEqual({ run_at: toA.holdUntil, state: 'queued' });
    // The offer holds the time: nobody else can book it meanwhile.
    expect(
      (await book(db, { resourceId: resource.id, userId: c.id, start, minutes: 60, note: '' })).status,
    ).toBe('taken');

    expect(await answerOffer(db, { bookingId: toA.id, userId: a.id, take: false })).toEqual({
      status: 'passed',
    });
    const [second] = await runFreed(resource.id);
    const toB = offeredTo(second)!;
    expect(toB.id).not.toBe(toA.id);
    expect(
      (await db.selectFrom('bookings').select('user_id').where('id', '=', toB.id).executeTakeFirst())
        ?.user_id,
    ).toBe(b.id);

    // Nobody took it by its end: the worker's lapse sends it on, to c (a had it already).
    const [lapsed] = await lapseOffer(db, toB.id, new Date(toB.holdUntil!));
    expect(lapsed.status).toBe('expired');
    expect(await mailKeys(`mail:offer-lapsed:${toB.id}`)).toHaveLength(1);
    const [third] = await runFreed(resource.id, new Date(toB.holdUntil!));
    const toC = offeredTo(third)!;
    expect(
      (await db.selectFrom('bookings').select('user_id').where('id', '=', toC.id).executeTakeFirst())
        ?.user_id,
    ).toBe(c.id);

    // c passes too: everyone in line had it, so nobody is offered it again.
    await answerOffer(db, { bookingId: toC.id, userId: c.id, take: false, now: new Date(toB.holdUntil!) });
    expect(await runFreed(resource.id, new Date(toB.holdUntil!))).toEqual([{ status: 'nobody' }]);
    // They all stay in line (for the rest of their window), each once.
    expect((await lineOf(db, resource.id)).line.map((wait) => wait.member.id)).toEqual([a.id, b.id, c.id]);
  });

  test('taken: a booking, the wait ended as booked, reminders and the confirmation queued', async () => {
    const { resource, holder, held, members, waits } = await slotWithLine();
    const [a] = members;
    await cancelBooking(db, held.id, holder.id);
    const offer = offeredTo((await runFreed(resource.id))[0])!;
    const answer = await answerOffer(db, { bookingId: offer.id, userId: a.id, take: true });
    expect(answer).toMatchObject({ status: 'taken', booking: { status: 'active', holdUntil: null } });
    expect(await eventsOf(offer.id)).toEqual(['offered', 'accepted']);
    const jobs = await db
      .selectFrom('jobs')
      .select(['kind', 'key', 'state'])
      .where('subject', '=', `booking:${offer.id}`)
      .execute();
    expect(jobs.filter((job) => job.kind === 'reminder' && job.state === 'queued').length).toBeGreaterThan(0);
    expect(jobs.find((job) => job.kind === 'offer-lapse')?.state).toBe('cancelled');
    expect(await mailKeys(`mail:booking-confirmed:${offer.id}:%`)).toHaveLength(1);
    const wait = await db
      .selectFrom('waitlist')
      .selectAll()
      .where('id', '=', waits[0])
      .executeTakeFirstOrThrow();
    expect(wait.ended_why).toBe('booked');
    // b is now first in line, and the page of a's offer says it was taken.
    expect((await waitsOf(db, members[1].id))[0].place).toBe(1);
    expect(await answerOffer(db, { bookingId: offer.id, userId: a.id, take: false })).toMatchObject({
      status: 'already',
      message: 'You took this time: it is in My bookings.',
    });
    // Another member's take of it: not theirs to see.
    expect(await answerOffer(db, { bookingId: offer.id, userId: members[1].id, take: true })).toEqual({
      status: 'not-found',
    });
  });

  test('an offer passes over a member who may not book it now (too few credits), and holds the credits', async () => {
    const credit = await newCredit(db);
    const resource = await newResource(db, { cost: { creditId: credit.id, perHour: 2 } });
    const [holder, poor, funded] = await Promise.all(
      ['holder', 'poor', 'funded'].map((p) => newMember(db, p)),
    );
    await granted(db, holder.id, credit.id, 10);
    await granted(db, poor.id, credit.id, 1);
    await granted(db, funded.id, credit.id, 10);
    const start = hourAhead(2);
    const held = await bookedBy(db, resource.id, holder.id, start);
    await waitsFor(resource.id, poor.id, start, new Date(Date.now() - 2000));
    await waitsFor(resource.id, funded.id, start, new Date(Date.now() - 1000));
    await cancelBooking(db, held.id, holder.id);
    const offer = offeredTo((await runFreed(resource.id))[0])!;
    const rows = await db
      .selectFrom('bookings')
      .select(['user_id', 'status'])
      .where('resource_id', '=', resource.id)
      .execute();
    // The poor member's try was undone in its savepoint: no row of theirs at all.
    expect(rows.filter((row) => row.user_id === poor.id)).toEqual([]);
    expect(rows.find((row) => row.status === 'offered')?.user_id).toBe(funded.id);
    const lot = async (userId: string) =>
      (
        await db
          .selectFrom('credit_lots')
          .select('remaining')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).remaining;
    expect(await lot(funded.id)).toBe(8);
    await answerOffer(db, { bookingId: offer.id, userId: funded.id, take: false });
    expect(await lot(funded.id)).toBe(10);
  });

  test('under 90 minutes before the start nothing is held: everyone waiting is mailed at once', async () => {
    const resource = await newResource(db);
    const [holder, a, b] = await Promise.all(['holder', 'first', 'second'].map((p) => newMember(db, p)));
    const start = hourAhead(1);
    const held = await bookedBy(db, resource.id, holder.id, start);
    const waits = [
      await waitsFor(resource.id, a.id, start, new Date(Date.now() - 2000)),
      await waitsFor(resource.id, b.id, start, new Date(Date.now() - 1000)),
    ];
    const now = minutesAfter(start, -80);
    await cancelBooking(db, held.id, holder.id, now);
    expect(await runFreed(resource.id, now)).toEqual([{ status: 'announced', waitIds: waits }]);
    expect(await mailKeys(`mail:offer-open:${waits[0]}:%`)).toHaveLength(1);
    expect(await mailKeys(`mail:offer-open:${waits[1]}:%`)).toHaveLength(1);
    expect(
      await db
        .selectFrom('bookings')
        .select('id')
        .where('resource_id', '=', resource.id)
        .where('status', '=', 'offered')
        .execute(),
    ).toEqual([]);
    // The first to book gets it, and their wait ends.
    expect(
      (await book(db, { resourceId: resource.id, userId: b.id, start, minutes: 60, note: '', now })).status,
    ).toBe('booked');
    expect(
      (await book(db, { resourceId: resource.id, userId: a.id, start, minutes: 60, note: '', now })).status,
    ).toBe('taken');
    expect((await waitsOf(db, b.id, now)).length).toBe(0);
    expect((await waitsOf(db, a.id, now))[0].place).toBe(1);
  });

  test('a window wait is offered the part of the freed time in its window', async () => {
    const resource = await newResource(db);
    const [holder, a] = await Promise.all(['holder', 'waiter'].map((p) => newMember(db, p)));
    const start = hourAhead(4);
    const held = await bookedBy(db, resource.id, holder.id, start, 180);
    // a waits for any 60 minutes between start + 30 and start + 150.
    await joinWaitlist(db, {
      resourceId: resource.id,
      userId: a.id,
      from: minutesAfter(start, 30),
      to: minutesAfter(start, 150),
      minMinutes: 60,
      now: new Date(Date.now() - 1000),
    });
    await cancelBooking(db, held.id, holder.id);
    const offer = offeredTo((await runFreed(resource.id))[0])!;
    // From the window's start, to its end (within the longest booking, 240 minutes).
    expect([offer.start, offer.end]).toEqual([
      minutesAfter(start, 30).toISOString(),
      minutesAfter(start, 150).toISOString(),
    ]);
  });

  test('a no-show release offers the rest of a long booking; a check-out mails the rest at short notice', async () => {
    const resource = await newResource(db, { rules: { checkInGraceMinutes: 15, maxMinutes: 360 } });
    const [holder, a, b] = await Promise.all(['holder', 'waiter', 'other'].map((p) => newMember(db, p)));
    const start = hourAhead(4);
    const long = await bookedBy(db, resource.id, holder.id, start, 360);
    const waitA = await waitsFor(resource.id, a.id, minutesAfter(start, 180), new Date(Date.now() - 1000));
    // Nobody checked in: released at start + 16, the rest (5 hours and more) offered to a.
    const released = minutesAfter(start, 16);
    // The worker's release of this one booking (its sweep would release other files' too on the
    // shared PostgreSQL store): the same change, at the same moment.
    await writeTransaction(db, (trx) =>
      transition(
        trx,
        {
          to: 'released',
          bookingId: long.id,
          at: minutesAfter(start, 15),
          blockEnd: Math.floor(minutesAfter(start, 15).getTime() / 60_000),
        },
        released,
      ),
    );
    const offer = offeredTo((await runFreed(resource.id, released))[0])!;
    expect(offer.start).toBe(minutesAfter(start, 180).toISOString());
    expect(
      (
        await db
          .selectFrom('bookings')
          .select('waitlist_id')
          .where('id', '=', offer.id)
          .executeTakeFirstOrThrow()
      ).waitlist_id,
    ).toBe(waitA);

    // A 2-hour booking checked out after 30 minutes: the rest starts within 90 minutes, so b is mailed.
    const later = hourAhead(6);
    const second = await bookedBy(db, resource.id, holder.id, later, 120);
    const waitB = await waitsFor(resource.id, b.id, minutesAfter(later, 60), new Date(Date.now() - 1000));
    expect(
      (await checkIn(db, { bookingId: second.id, userId: holder.id, now: minutesAfter(later, 5) })).status,
    ).toBe('checked-in');
    const out = minutesAfter(later, 30);
    expect((await checkOut(db, { bookingId: second.id, userId: holder.id, now: out })).status).toBe(
      'checked-out',
    );
    expect(await runFreed(resource.id, out)).toEqual([{ status: 'announced', waitIds: [waitB] }]);
  });
});

describe('joining and leaving', () => {
  test('one open wait per member, resource and window; leave ends it, kept with why', async () => {
    const resource = await newResource(db);
    const member = await newMember(db, 'joiner');
    const start = hourAhead(2);
    const first = await waitsFor(resource.id, member.id, start, new Date());
    expect(
      await joinWaitlist(db, {
        resourceId: resource.id,
        userId: member.id,
        from: start,
        to: minutesAfter(start, 60),
        minMinutes: 60,
      }),
    ).toEqual({ status: 'already', waitId: first });
    expect(
      await joinWaitlist(db, {
        resourceId: resource.id,
        userId: member.id,
        from: start,
        to: minutesAfter(start, 30),
        minMinutes: 60,
      }),
    ).toMatchObject({ status: 'refused', refusal: { field: 'to' } });
    expect(await leaveWaitlist(db, first, (await newMember(db, 'other')).id)).toBe(false);
    expect(await leaveWaitlist(db, first, member.id)).toBe(true);
    expect(await leaveWaitlist(db, first, member.id)).toBe(false);
    const row = await db.selectFrom('waitlist').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect(row.ended_why).toBe('left');
    // Two tabs joining at once: one wait, both told they are in line.
    const other = hourAhead(5);
    const both = await Promise.all(
      [0, 1].map(() =>
        joinWaitlist(db, {
          resourceId: resource.id,
          userId: member.id,
          from: other,
          to: minutesAfter(other, 60),
          minMinutes: 60,
        }),
      ),
    );
    expect(both.map((joined) => joined.status).sort()).toEqual(['already', 'joined']);
    expect(new Set(both.map((joined) => ('waitId' in joined ? joined.waitId : ''))).size).toBe(1);
    // Left, they may join again.
    expect(
      (
        await joinWaitlist(db, {
          resourceId: resource.id,
          userId: member.id,
          from: start,
          to: minutesAfter(start, 60),
          minMinutes: 60,
        })
      ).status,
    ).toBe('joined');
  });
});

describe('one outcome per offer', () => {
  /** An offer made to the first of a line of one. */
  async function anOffer() {
    const { resource, holder, held, members } = await slotWithLine();
    await cancelBooking(db, held.id, holder.id);
    return { offer: offeredTo((await runFreed(resource.id))[0])!, member: members[0] };
  }

  test('two tabs taking one offer: one takes it (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { offer, member } = await anOffer();
      const answers = await Promise.all(
        [0, 1].map(() => answerOffer(db, { bookingId: offer.id, userId: member.id, take: true })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual(['already', 'taken']);
      expect(await eventsOf(offer.id)).toEqual(['offered', 'accepted']);
    }
  });

  test('a take at the offer’s end and the lapse at once: one outcome (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { offer, member } = await anOffer();
      const end = new Date(offer.holdUntil!);
      const [answer] = await Promise.all([
        answerOffer(db, {
          bookingId: offer.id,
          userId: member.id,
          take: true,
          now: new Date(end.getTime() - 1),
        }),
        lapseOffer(db, offer.id, end),
      ]);
      const events = await eventsOf(offer.id);
      expect(events).toHaveLength(2);
      expect(events[1]).toBe(answer.status === 'taken' ? 'accepted' : 'expired');
    }
  });

  test('a take after its end lapses it; a pass and a take at once: one outcome', async () => {
    const { offer, member } = await anOffer();
    const late = await answerOffer(db, {
      bookingId: offer.id,
      userId: member.id,
      take: true,
      now: new Date(offer.holdUntil!),
    });
    expect(late).toMatchObject({
      status: 'already',
      message: expect.stringContaining('ended before it was taken'),
    });
    expect(await eventsOf(offer.id)).toEqual(['offered', 'expired']);
    const next = await anOffer();
    await Promise.all([
      answerOffer(db, { bookingId: next.offer.id, userId: next.member.id, take: true }),
      answerOffer(db, { bookingId: next.offer.id, userId: next.member.id, take: false }),
    ]);
    expect(await eventsOf(next.offer.id)).toHaveLength(2);
  });
});
