// Booking on the real store (SQLite here, PostgreSQL in the second unit run): the database refuses
// overlapping active rows whatever the code does, and the rules and limits are counted in the
// booking's transaction, so requests sent at the same moment cannot get round them.
import crypto from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { book, cancelBooking, changeBooking } from './book';
import { TAKEN_MESSAGE } from '~/lib/bookings/slots';
import { bookingsIn, TOO_FAST } from '../index';
import { refusalStatus } from '~/lib/bookings/rules';
import {
  declineRequest,
  openRequests,
  requestInduction,
  revokeInduction,
  signOff,
} from '../inductions/inductions';
import { epochMinutes } from '~/lib/bookings/time';
import { newInduction, newMember, newResource, hourAhead } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

async function insertRaw(
  resourceId: string,
  start: Date,
  minutes: number,
  buffer = 0,
  status: 'active' | 'cancelled' = 'active',
) {
  const end = new Date(start.getTime() + minutes * 60_000);
  await db
    .insertInto('bookings')
    .values({
      id: crypto.randomUUID(),
      uid: crypto.randomUUID(),
      resource_id: resourceId,
      kind: 'maintenance',
      user_id: null,
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      block_start: epochMinutes(start),
      block_end: epochMinutes(end) + buffer,
      status,
      created_at: start.toISOString(),
      updated_at: start.toISOString(),
    })
    .execute();
}

describe('the database refuses clashes on its own', () => {
  test('overlap refused, back-to-back fits, buffer counts, cancelled rows and other resources ignored', async () => {
    const { id } = await newResource(db);
    const { id: other } = await newResource(db);
    const start = hourAhead(3);
    await insertRaw(id, start, 60, 15);
    await expect(insertRaw(id, new Date(start.getTime() + 30 * 60_000), 60)).rejects.toThrow();
    // Inside the first row's buffer (60 + 15 minutes): refused.
    await expect(insertRaw(id, new Date(start.getTime() + 70 * 60_000), 30)).rejects.toThrow();
    // Right after the buffer: fits.
    await insertRaw(id, new Date(start.getTime() + 75 * 60_000), 30);
    // Ending exactly where the first begins: fits.
    await insertRaw(id, new Date(start.getTime() - 60 * 60_000), 60);
    // Cancelled rows overlap freely; the same time on another resource is free.
    await insertRaw(id, start, 60, 0, 'cancelled');
    await insertRaw(other, start, 60);
    // Re-activating a cancelled row that overlaps is refused too.
    await expect(
      db
        .updateTable('bookings')
        .set({ status: 'active' })
        .where('resource_id', '=', id)
        .where('status', '=', 'cancelled')
        .execute(),
    ).rejects.toThrow();
  });
});

describe('booking', () => {
  test('20 members booking one slot at once: exactly one wins, the others are told it was taken', async () => {
    const { id } = await newResource(db);
    const members = await Promise.all(Array.from({ length: 20 }, () => newMember(db, 'race')));
    const start = hourAhead(4);
    const outcomes = await Promise.all(
      members.map((member) => book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: '' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'booked')).toHaveLength(1);
    const taken = outcomes.filter((outcome) => outcome.status === 'taken');
    expect(taken).toHaveLength(19);
    expect(TAKEN_MESSAGE).toBe('That slot was just taken.');
    // The nearest free starts of the same length are offered, none of them the taken one.
    for (const outcome of taken)
      if (outcome.status === 'taken') expect(outcome.nearest).not.toContain(start.toISOString());
    expect(taken[0]!.status === 'taken' && taken[0]!.nearest.length).toBeGreaterThan(0);
    const rows = await db.selectFrom('bookings').select('id').where('resource_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  test('one member with a limit of 3 upcoming bookings sends 10 at once: exactly 3 exist', async () => {
    const { id } = await newResource(db, { rules: { maxUpcoming: 3 } });
    const member = await newMember(db, 'limit');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        book(db, { resourceId: id, userId: member.id, start: hourAhead(2 + index), minutes: 60, note: '' }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'booked')).toHaveLength(3);
    const refused = outcomes.filter((outcome) => outcome.status === 'refused');
    expect(refused).toHaveLength(7);
    expect(refused[0]!.status === 'refused' && refused[0]!.refusal.message).toBe(
      'You already have 3 upcoming bookings here, the most allowed.',
    );
  });

  test('a resource whose admin set no limit has the lab’s default: 10 upcoming bookings', async () => {
    const { id } = await newResource(db, { rules: { maxUpcoming: null } });
    const member = await newMember(db, 'default');
    const outcomes = [];
    for (let index = 0; index < 11; index++)
      outcomes.push(
        await book(db, {
          resourceId: id,
          userId: member.id,
          start: hourAhead(1, index),
          minutes: 30,
          note: '',
        }),
      );
    expect(outcomes.filter((outcome) => outcome.status === 'booked')).toHaveLength(10);
    const last = outcomes[10]!;
    expect(last.status === 'refused' && last.refusal.message).toBe(
      'You already have 10 upcoming bookings here, the most allowed.',
    );
  });

  test('a member’s booking writes are rate limited: the 31st in ten minutes is refused, nothing written', async () => {
    const { id } = await newResource(db);
    const member = await newMember(db, 'fast');
    const facade = bookingsIn(db);
    // Cancels of a booking that does not exist count as writes too, and send no mail.
    for (let index = 0; index < 30; index++)
      expect((await facade.cancel(crypto.randomUUID(), member.id)).status).toBe('not-found');
    const refused = await facade.book({
      resourceId: id,
      userId: member.id,
      start: hourAhead(2),
      minutes: 30,
      note: '',
    });
    expect(refused).toEqual({ status: 'refused', refusal: TOO_FAST });
    expect(refusalStatus(TOO_FAST)).toBe(429);
    const rows = await db.selectFrom('bookings').select('id').where('resource_id', '=', id).execute();
    expect(rows).toHaveLength(0);
  });

  test('hours per week are counted in the week a booking starts, Monday to Sunday', async () => {
    const { id } = await newResource(db, { rules: { maxWeekMinutes: 120, horizonDays: 30 } });
    const member = await newMember(db, 'week');
    // A Monday two weeks on, 10:00 UTC (11:00 or 10:00 in Dublin).
    const monday = hourAhead(14);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const first = await book(db, { resourceId: id, userId: member.id, start: monday, minutes: 90, note: '' });
    expect(first.status).toBe('booked');
    const second = await book(db, {
      resourceId: id,
      userId: member.id,
      start: new Date(monday.getTime() + 86_400_000),
      minutes: 60,
      note: '',
    });
    expect(second.status === 'refused' && second.refusal.message).toBe(
      'That would take you past 2 hours this week here.',
    );
    // The Sunday before is another week.
    const sunday = await book(db, {
      resourceId: id,
      userId: member.id,
      start: new Date(monday.getTime() - 86_400_000),
      minutes: 120,
      note: '',
    });
    expect(sunday.status).toBe('booked');
  });

  test('the induction gate: missing, held, expired; an inductor cannot sign themselves off', async () => {
    const induction = await newInduction(db, { name: 'CNC induction', validMonths: 1 });
    const { id } = await newResource(db, { induction: induction.id });
    const member = await newMember(db, 'ind');
    const admin = await newMember(db, 'adm');
    const request = { resourceId: id, userId: member.id, start: hourAhead(3), minutes: 60, note: '' };
    const missing = await book(db, request);
    expect(missing.status === 'refused' && missing.refusal.message).toBe(
      `You need the ${induction.name} to book this.`,
    );
    expect(
      await signOff(
        db,
        { id: member.id, username: member.username, role: 'admin' },
        { inductionId: induction.id, userId: member.id, note: '' },
      ),
    ).toBe('self');
    expect(
      await signOff(
        db,
        { id: admin.id, username: admin.username, role: 'member' },
        { inductionId: induction.id, userId: member.id, note: '' },
      ),
    ).toBe('not-allowed');
    const signedAt = new Date('2027-02-03T12:00:00Z');
    expect(
      await signOff(
        db,
        { id: admin.id, username: admin.username, role: 'admin' },
        { inductionId: induction.id, userId: member.id, note: 'ok' },
        signedAt,
      ),
    ).toBe('signed-off');
    const later = new Date('2027-03-10T12:00:00Z');
    const expired = await book(db, { ...request, start: new Date('2027-03-12T10:00:00Z'), now: later });
    expect(expired.status === 'refused' && expired.refusal.message).toBe(
      `Your ${induction.name} expired on 3 March 2027.`,
    );
    await signOff(
      db,
      { id: admin.id, username: admin.username, role: 'admin' },
      { inductionId: induction.id, userId: member.id, note: 'again' },
    );
    expect((await book(db, request)).status).toBe('booked');
  });

  test('cancelling: own bookings only, until the cutoff; the row stays, cancelled, its sequence raised', async () => {
    const { id } = await newResource(db, { rules: { cancelCutoffMinutes: 120 } });
    const member = await newMember(db, 'cancel');
    const stranger = await newMember(db, 'stranger');
    const start = hourAhead(2);
    const booked = await book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: 'hi' });
    if (booked.status !== 'booked') throw new Error(booked.status);
    expect((await cancelBooking(db, booked.booking.id, stranger.id)).status).toBe('not-found');
    const late = await cancelBooking(
      db,
      booked.booking.id,
      member.id,
      new Date(start.getTime() - 60 * 60_000),
    );
    expect(late.status === 'refused' && late.refusal.message).toBe(
      'Bookings can be cancelled until 2 hours before they start.',
    );
    const done = await cancelBooking(db, booked.booking.id, member.id);
    expect(done.status === 'cancelled' && [done.booking.status, done.booking.sequence]).toEqual([
      'cancelled',
      1,
    ]);
    // The slot is free again.
    expect(
      (await book(db, { resourceId: id, userId: stranger.id, start, minutes: 60, note: '' })).status,
    ).toBe('booked');
  });
});

test('ten simultaneous requests for one induction make one open request', async () => {
  const induction = await newInduction(db);
  const member = await newMember(db, 'asker');
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, () =>
      requestInduction(db, { inductionId: induction.id, userId: member.id, message: 'please' }),
    ),
  );
  expect(outcomes.filter((outcome) => outcome === 'requested')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome === 'already-open')).toHaveLength(9);
});

// Hundreds of transactions each: 3.5 s on a quiet 2-core machine, more on a busy one; 30 s is for
// a hang, not a slow run.
describe(
  'races end in answers, never errors (the losers are told, on both engines)',
  { timeout: 30_000 },
  () => {
    test('20 rounds of 20 members booking one slot: one booking each round, every loser told it was taken', async () => {
      // A member may win many rounds: no limit of upcoming bookings in the way.
      const { id } = await newResource(db, { rules: { maxUpcoming: 100 } });
      const members = await Promise.all(Array.from({ length: 20 }, () => newMember(db, 'rounds')));
      for (let round = 0; round < 20; round++) {
        const start = new Date(hourAhead(2).getTime() + round * 60 * 60_000);
        const outcomes = await Promise.all(
          members.map((member) =>
            book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: '' }),
          ),
        );
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
          'booked',
          ...Array<string>(19).fill('taken'),
        ]);
      }
    });

    test('10 rounds: one member cancels while ten book the freed slot; one of the ten wins', async () => {
      const { id } = await newResource(db, { rules: { maxUpcoming: 100 } });
      const holder = await newMember(db, 'holder');
      const members = await Promise.all(Array.from({ length: 10 }, () => newMember(db, 'rebook')));
      for (let round = 0; round < 10; round++) {
        const start = new Date(hourAhead(3).getTime() + round * 60 * 60_000);
        const held = await book(db, { resourceId: id, userId: holder.id, start, minutes: 60, note: '' });
        if (held.status !== 'booked') throw new Error(held.status);
        const [cancelled, ...outcomes] = await Promise.all([
          cancelBooking(db, held.booking.id, holder.id),
          ...members.map((member) =>
            book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: '' }),
          ),
        ]);
        expect(cancelled!.status).toBe('cancelled');
        const statuses = outcomes.map((outcome) => outcome.status);
        expect(statuses.every((status) => status === 'booked' || status === 'taken')).toBe(true);
        expect(statuses.filter((status) => status === 'booked').length).toBeLessThanOrEqual(1);
      }
    });

    test('ten simultaneous cancels of one booking: one cancels it, its sequence raised once', async () => {
      const { id } = await newResource(db);
      const member = await newMember(db, 'cancels');
      const held = await book(db, {
        resourceId: id,
        userId: member.id,
        start: hourAhead(2),
        minutes: 60,
        note: '',
      });
      if (held.status !== 'booked') throw new Error(held.status);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () => cancelBooking(db, held.booking.id, member.id)),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'cancelled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'not-found')).toHaveLength(9);
      const row = await db
        .selectFrom('bookings')
        .select(['status', 'sequence'])
        .where('id', '=', held.booking.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', sequence: 1 });
    });
  },
);

describe('the lab’s changes reach the bookings they touch', () => {
  const admin = (id: string, username: string) => ({ id, username, role: 'admin' as const });

  test('revoking lists the member’s upcoming bookings that need it; with alsoCancel they are cancelled, audited', async () => {
    const induction = await newInduction(db, { name: 'Lathe induction' });
    const lathe = await newResource(db, { induction: induction.id });
    const other = await newResource(db);
    const [member, boss] = [await newMember(db, 'revoked'), await newMember(db, 'boss')];
    await signOff(db, admin(boss.id, boss.username), {
      inductionId: induction.id,
      userId: member.id,
      note: '',
    });
    const mine = await book(db, {
      resourceId: lathe.id,
      userId: member.id,
      start: hourAhead(2),
      minutes: 60,
      note: '',
    });
    await book(db, { resourceId: other.id, userId: member.id, start: hourAhead(2), minutes: 60, note: '' });
    expect(mine.status).toBe('booked');

    const kept = await revokeInduction(db, admin(boss.id, boss.username), {
      inductionId: induction.id,
      userId: member.id,
      reason: 'Loose chuck key',
    });
    expect(kept.status === 'revoked' && [kept.cancelled, kept.bookings.map((b) => b.status)]).toEqual([
      false,
      ['active'],
    ]);
    expect(kept.status === 'revoked' && kept.member.email).toBe(member.email);

    await signOff(db, admin(boss.id, boss.username), {
      inductionId: induction.id,
      userId: member.id,
      note: '',
    });
    const gone = await revokeInduction(db, admin(boss.id, boss.username), {
      inductionId: induction.id,
      userId: member.id,
      reason: 'Again',
      alsoCancel: true,
    });
    expect(
      gone.status === 'revoked' && [gone.cancelled, gone.bookings.map((b) => [b.status, b.sequence])],
    ).toEqual([true, [['cancelled', 1]]]);
    // The booking of the resource that needs no induction stands.
    const standing = await db
      .selectFrom('bookings')
      .select('resource_id')
      .where('user_id', '=', member.id)
      .where('status', '=', 'active')
      .execute();
    expect(standing).toEqual([{ resource_id: other.id }]);
    const audit = await db.selectFrom('audit_log').select('action').where('detail', '=', 'Again').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['booking.cancel', 'induction.revoke']);
    // Each cancelled booking's calendar cancellation goes out, as a maintenance block's does.
    const cancelMail = await queuedMail(
      `mail:booking-cancelled:${mine.status === 'booked' && mine.booking.id}:1`,
    );
    expect(cancelMail.to).toBe(member.email);
    expect(cancelMail.attachments[0].content).toContain('METHOD:CANCEL');
  });

  test('the sign-off mail names only the machines the member can book now', async () => {
    const induction = await newInduction(db, { name: 'Shop induction' });
    await newResource(db, { induction: induction.id, name: 'Bandsaw' });
    const broken = await newResource(db, { induction: induction.id, name: 'Drill press' });
    await db.updateTable('resources').set({ status: 'out_of_service' }).where('id', '=', broken.id).execute();
    const [member, boss] = [await newMember(db, 'shop'), await newMember(db, 'shop-boss')];
    await signOff(db, admin(boss.id, boss.username), {
      inductionId: induction.id,
      userId: member.id,
      note: '',
    });
    const [job] = await db
      .selectFrom('jobs')
      .select('payload')
      .where('key', 'like', `mail:induction-signed-off:${member.email}:%`)
      .execute();
    expect(JSON.parse(job!.payload).text).toMatch(/^You can now book Bandsaw\.\n/);
  });

  test('an inductor declines an open request once; another inductor’s induction is not theirs', async () => {
    const induction = await newInduction(db);
    const member = await newMember(db, 'decl');
    const inductor = await newMember(db, 'ind');
    await requestInduction(db, { inductionId: induction.id, userId: member.id, message: 'please' });
    const [request] = await openRequestsOf(member.id);
    const outsider = { id: inductor.id, username: inductor.username, role: 'member' as const };
    expect(await declineRequest(db, outsider, { requestId: request!.id, reason: 'No' })).toEqual({
      status: 'not-allowed',
    });
    await db
      .insertInto('inductors')
      .values({ induction_id: induction.id, user_id: inductor.id, appointed_by: 'cli', appointed_at: 'x' })
      .execute();
    const twice = await Promise.all(
      [1, 2].map(() =>
        declineRequest(db, outsider, { requestId: request!.id, reason: 'Do the safety video' }),
      ),
    );
    expect(twice.map((outcome) => outcome.status).sort()).toEqual(['declined', 'not-found']);
    expect(await openRequestsOf(member.id)).toEqual([]);
    // Its own subject; a reply reaches the inductor who declined.
    expect(await queuedMail(`mail:induction-declined:${request!.id}`)).toMatchObject({
      to: member.email,
      subject: `Induction request declined: ${induction.name}`,
      replyTo: inductor.email,
    });
  });
});

const openRequestsOf = (userId: string) => openRequests(db, { userId });

/** The message a queued mail job carries. */
const queuedMail = async (key: string) =>
  JSON.parse(
    (await db.selectFrom('jobs').select('payload').where('key', '=', key).executeTakeFirstOrThrow()).payload,
  );

describe('changing a booking', () => {
  test('another start or length: same row and UID, SEQUENCE raised; overlapping itself is no clash', async () => {
    const { id } = await newResource(db, { rules: { maxUpcoming: 1, maxMinutes: 120 } });
    const member = await newMember(db, 'change');
    const start = hourAhead(3);
    const booked = await book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: 'jig' });
    if (booked.status !== 'booked') throw new Error(booked.status);
    // Half an hour later and longer: it overlaps its own old time, and the limit of 1 is its own.
    const later = new Date(start.getTime() + 30 * 60_000);
    const moved = await changeBooking(db, {
      bookingId: booked.booking.id,
      userId: member.id,
      start: later,
      minutes: 90,
    });
    expect(
      moved.status === 'changed' && [
        moved.booking.uid,
        moved.booking.sequence,
        moved.booking.start,
        moved.booking.end,
        moved.booking.note,
      ],
    ).toEqual([
      booked.booking.uid,
      1,
      later.toISOString(),
      new Date(later.getTime() + 90 * 60_000).toISOString(),
      'jig',
    ]);
  });

  test('refused by a rule or taken by another member: the booking stays as it was; not theirs: not found', async () => {
    const { id } = await newResource(db, { rules: { maxMinutes: 120 } });
    const [member, other] = [await newMember(db, 'chg'), await newMember(db, 'oth')];
    const start = hourAhead(4);
    const booked = await book(db, { resourceId: id, userId: member.id, start, minutes: 60, note: '' });
    if (booked.status !== 'booked') throw new Error(booked.status);
    const theirs = new Date(start.getTime() + 3 * 60 * 60_000);
    expect(
      (await book(db, { resourceId: id, userId: other.id, start: theirs, minutes: 60, note: '' })).status,
    ).toBe('booked');
    const change = (patch: { start?: Date; minutes?: number; userId?: string }) =>
      changeBooking(db, { bookingId: booked.booking.id, userId: member.id, start, minutes: 60, ...patch });

    const tooLong = await change({ minutes: 180 });
    expect(tooLong.status === 'refused' && tooLong.refusal.message).toBe(
      'A booking here lasts at most 2 hours.',
    );
    const taken = await change({ start: theirs });
    expect(taken.status === 'taken' && taken.refusal.message).toBe('That slot was just taken.');
    expect(taken.status === 'taken' && taken.nearest.length).toBeGreaterThan(0);
    expect((await change({ userId: other.id })).status).toBe('not-found');
    const row = await db
      .selectFrom('bookings')
      .select(['starts_at', 'sequence', 'status'])
      .where('id', '=', booked.booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ starts_at: start.toISOString(), sequence: 0, status: 'active' });
  });
});
