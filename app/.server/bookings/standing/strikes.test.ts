// Strikes on the real store (both engines): a no-show gives one (not when the lab's machine was
// out of service), a booking released past its cutoff too (waived when someone books the slot),
// three stop new bookings for 14 days, counted under the member's lock while a release runs.
import crypto from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { book } from '../core/book';
import { releaseNoShows } from '../core/check-in';
import { bookingsIn } from '../index';
import { addStrike, askToWaive } from './strikes';
import {
  hourAhead,
  newMember,
  newResource,
  bookedBy,
  minutesAfter,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const bookings = bookingsIn(db);

/** Booked by book() itself: past the facade's rate limit (a test books many). */
const booked = (resourceId: string, userId: string, start: Date, minutes = 60) =>
  bookedBy(db, resourceId, userId, start, minutes);
const after = minutesAfter;

/** The text of the mail queued under `key`. */
const mailText = async (key: string) =>
  JSON.parse(
    (await db.selectFrom('jobs').select('payload').where('key', '=', `mail:${key}`).executeTakeFirstOrThrow())
      .payload,
  ) as { to: string; subject: string; text: string; replyTo?: string };

const strikesOf = (userId: string) =>
  db
    .selectFrom('strikes')
    .select(['kind', 'waived_by', 'waive_reason'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

describe('strikes', () => {
  test('a no-show gives one; none when the machine was out of service at the start', async () => {
    const { id: laser } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const { id: broken } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const member = await newMember(db, 'ns');
    const start = hourAhead(3);
    const struck = await booked(laser, member.id, start);
    const spared = await booked(broken, member.id, start);
    await db
      .updateTable('resources')
      .set({ status: 'out_of_service', status_reason: 'Tube' })
      .where('id', '=', broken)
      .execute();
    await releaseNoShows(db, after(start, 15.5));
    expect(await strikesOf(member.id)).toEqual([{ kind: 'no-show', waived_by: null, waive_reason: '' }]);
    expect((await bookings.strikes.mine(member.id)).strikes[0]).toMatchObject({
      kind: 'no-show',
      about: expect.stringMatching(/^Test Printer, \w+ \d+ \w+ \d{4}, \d\d:\d\d–\d\d:\d\d$/),
    });
    // Each release mail says what it cost: the strike and the way back, or none.
    expect((await mailText(`booking-released:${struck.id}`)).text).toContain(
      'It counts as a no-show strike for 60 days; 3 strikes stop new bookings for 14 days. If you could not come, ask to waive it on My bookings.',
    );
    expect((await mailText(`booking-released:${spared.id}`)).text).toContain(
      'No strike: the machine was out of service or in maintenance.',
    );
  });

  test('released past the cutoff: a late cancel, waived when someone else books the slot; before it, none', async () => {
    const { id: resourceId } = await newResource(db, {
      rules: { cancelCutoffMinutes: 24 * 60, maxUpcoming: 10 },
    });
    const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
    // Two whole hours ahead: inside the day's cutoff.
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const anas = await booked(resourceId, ana.id, soon);
    expect((await bookings.cancel(anas.id, ana.id)).status).toBe('refused');
    expect((await bookings.releaseLate(anas.id, ana.id)).status).toBe('cancelled');
    expect(await strikesOf(ana.id)).toEqual([{ kind: 'late-cancel', waived_by: null, waive_reason: '' }]);
    expect((await mailText(`booking-cancelled:${anas.id}:1`)).text).toContain(
      'Released past the cutoff, it counts as a late-cancel strike for 60 days, waived if someone else books the time before it starts.',
    );
    await booked(resourceId, bo.id, soon);
    expect(await strikesOf(ana.id)).toEqual([
      { kind: 'late-cancel', waived_by: 'lab', waive_reason: 'Someone else booked the slot.' },
    ]);
    // Ana is told, by the transaction that waived it.
    const { id: anasStrike } = await db
      .selectFrom('strikes')
      .select('id')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(await mailText(`strike-waived:${anasStrike}`)).toMatchObject({
      to: ana.email,
      subject: expect.stringMatching(/^Strike waived: Test Printer, \w+ \d+ \w+ \d{4}, \d\d:\d\d–\d\d:\d\d$/),
      text: expect.stringContaining(
        'was waived: someone else booked the time before it started, so the machine was used after all.',
      ),
    });
    // The booking's history says so, in order.
    expect(
      (await bookings.history([anas.id]))
        .get(anas.id)!
        .map((event) => [event.kind, event.actor, event.reason]),
    ).toEqual([
      ['booked', 'member', ''],
      ['cancelled', 'member', 'released past the cutoff'],
      ['strike', 'lab', 'Released late'],
      ['waived', 'lab', 'Someone else booked the slot.'],
    ]);
    // Days ahead, before the cutoff: an ordinary cancel.
    const later = await booked(resourceId, ana.id, hourAhead(5));
    expect((await bookings.releaseLate(later.id, ana.id)).status).toBe('cancelled');
    expect(await strikesOf(ana.id)).toHaveLength(1);
    expect((await mailText(`booking-cancelled:${later.id}:1`)).text).not.toContain('strike');
  });

  test('the release that gives the third strike says the member is paused now, and until when', async () => {
    const { id: laser } = await newResource(db, { rules: { checkInGraceMinutes: 15 } });
    const member = await newMember(db, 'third');
    const start = hourAhead(3);
    for (const [daysAgo, kind] of [
      [9, 'late-cancel'],
      [4, 'no-show'],
    ] as const)
      await addStrike(db, {
        userId: member.id,
        bookingId: null,
        kind,
        about: 'earlier',
        now: new Date(start.getTime() - daysAgo * 86_400_000),
      });
    const struck = await booked(laser, member.id, start);
    await releaseNoShows(db, after(start, 15.5));
    const pause = await bookings.strikes.paused(member.id, after(start, 16));
    expect(pause).toMatch(/^You have 3 strikes \(2 no-shows, 1 late release\) since /);
    const { text } = await mailText(`booking-released:${struck.id}`);
    expect(text).toContain('It counts as a no-show strike for 60 days;');
    expect(text).toMatch(
      /You now have 3 strikes \(2 no-shows, 1 late release\) since \d+ \w+ \d{4}, so your new bookings are paused: you can book again on \d+ \w+ \d{4}\. The bookings you already have still stand\./,
    );
    // The same days as the pause the member sees.
    const [, since, until] = /since (.+)\. You can book again on (.+)\.$/.exec(pause!)!;
    expect(text).toContain(
      `since ${since}, so your new bookings are paused: you can book again on ${until}.`,
    );
  });

  test('an admin waives a strike once, with a reason; the member is told', async () => {
    const member = await newMember(db, 'waived');
    const { id: strike } = await addStrike(db, {
      userId: member.id,
      bookingId: null,
      kind: 'no-show',
      about: 'Laser Cutter, Friday 4 December 2026, 10:00–11:00',
      now: new Date(),
    });
    const actor = { username: 'root' };
    const reason = 'Luas outage that morning';
    expect(await bookings.strikes.waive({ strikeId: strike, reason }, actor)).toEqual({
      username: member.username,
    });
    expect(await bookings.strikes.waive({ strikeId: strike, reason }, actor)).toBeNull();
    expect(await mailText(`strike-waived:${strike}`)).toMatchObject({
      to: member.email,
      subject: 'Strike waived: Laser Cutter, Friday 4 December 2026, 10:00–11:00',
      text: expect.stringContaining(
        'Your strike for Laser Cutter, Friday 4 December 2026, 10:00–11:00 was waived by the lab: Luas outage that morning',
      ),
    });
  });

  test('a request to waive is declined once with a reason; two admins at once give one answer', async () => {
    const admin = await newMember(db, 'adm');
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const member = await newMember(db, 'asks');
    const strike = async (about: string) =>
      (await addStrike(db, { userId: member.id, bookingId: null, kind: 'no-show', about, now: new Date() }))
        .id;
    const [first, second, unasked] = [
      await strike('Mill, one'),
      await strike('Mill, two'),
      await strike('Mill, three'),
    ];
    for (const id of [first, second])
      expect(await askToWaive(db, { strikeId: id, userId: member.id, reason: 'My bike was stolen' })).toBe(
        true,
      );
    // The request reaches the admins with Reply-To the member.
    expect(await mailText(`strike-waive-request:${first}:${admin.email}`)).toMatchObject({
      subject: `Strike waiver request: @${member.username}`,
      replyTo: member.email,
    });

    const actor = { username: 'root' };
    const reason = 'A stolen bike is not the lab’s to forgive';
    // Nothing to decline: no such strike, or one nobody asked about.
    for (const strikeId of [crypto.randomUUID(), unasked])
      expect(await bookings.strikes.decline({ strikeId, reason }, actor)).toBeNull();
    expect(await bookings.strikes.decline({ strikeId: first, reason }, actor)).toEqual({
      username: member.username,
    });
    // Answered: neither a second decline nor a waive after it.
    expect(await bookings.strikes.decline({ strikeId: first, reason }, actor)).toBeNull();
    expect(await bookings.strikes.waive({ strikeId: first, reason: 'changed my mind' }, actor)).toBeNull();
    expect(await mailText(`strike-waiver-declined:${first}`)).toMatchObject({
      to: member.email,
      subject: 'Waiver declined: Mill, one',
      text: expect.stringMatching(
        /The lab declined to waive your strike for Mill, one: A stolen bike is not the lab’s to forgive\. It counts until \d+ \w+ \d{4}\. Your new bookings are paused\. You have 3 strikes \(3 no-shows\)/,
      ),
    });
    const mine = await bookings.strikes.mine(member.id);
    expect(mine.strikes.find((each) => each.id === first)).toMatchObject({
      waivedAt: null,
      declineReason: reason,
    });
    expect((await bookings.strikes.toWaive()).map((each) => each.id)).not.toContain(first);

    // Two admins answer the second request at once: one wins, and only its mail is queued.
    const answers = await Promise.all([
      bookings.strikes.waive({ strikeId: second, reason: 'Fair enough' }, actor),
      bookings.strikes.decline({ strikeId: second, reason: 'No' }, { username: 'other' }),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const queued = await db
      .selectFrom('jobs')
      .select('key')
      .where('key', 'in', [`mail:strike-waived:${second}`, `mail:strike-waiver-declined:${second}`])
      .execute();
    expect(queued).toHaveLength(1);
    expect(
      await db
        .selectFrom('audit_log')
        .select('action')
        .where('target', 'like', `@${member.username}: Mill, %`)
        .execute(),
    ).toHaveLength(2);
  });

  test('three stop new bookings for 14 days: the refusal says what it counts, since when and until when', async () => {
    const { id: resourceId } = await newResource(db);
    const member = await newMember(db, 'three');
    const now = new Date('2030-03-10T12:00:00Z');
    for (const [day, kind] of [
      ['2030-02-01', 'no-show'],
      ['2030-02-20', 'late-cancel'],
      ['2030-03-05', 'late-cancel'],
    ] as const)
      await addStrike(db, {
        userId: member.id,
        bookingId: null,
        kind,
        about: 'x',
        now: new Date(`${day}T10:00:00Z`),
      });
    const text =
      'You have 3 strikes (1 no-show, 2 late releases) since 1 February 2030. You can book again on 19 March 2030.';
    // The same text on /bookings and the week as on the refusal.
    expect(await bookings.strikes.paused(member.id, now)).toBe(text);
    const outcome = await book(db, {
      resourceId,
      userId: member.id,
      start: new Date('2030-03-12T10:00:00Z'),
      minutes: 60,
      note: '',
      now,
    });
    expect(outcome).toEqual({
      status: 'refused',
      refusal: {
        rule: 'strikes',
        field: null,
        message: text,
      },
    });
    // On the 19th it lifts.
    const on19th = new Date('2030-03-19T09:00:00Z');
    expect(await bookings.strikes.paused(member.id, on19th)).toBeNull();
    expect(
      (
        await book(db, {
          resourceId,
          userId: member.id,
          start: new Date('2030-03-20T10:00:00Z'),
          minutes: 60,
          note: '',
          now: on19th,
        })
      ).status,
    ).toBe('booked');
  });

  test('5 parallel bookings by a member with 2 strikes while a third is given: no errors, none after it', async () => {
    const { id: laser } = await newResource(db, { rules: { checkInGraceMinutes: 15, maxUpcoming: 100 } });
    const { id: printer } = await newResource(db, { rules: { maxUpcoming: 100 } });
    const member = await newMember(db, 'par');
    const start = hourAhead(4, 8);
    const now = after(start, 15.5);
    for (const days of [1, 2])
      await addStrike(db, {
        userId: member.id,
        bookingId: null,
        kind: 'no-show',
        about: 'earlier',
        now: new Date(now.getTime() - days * 86_400_000),
      });
    await booked(laser, member.id, start);
    const attempts = Array.from({ length: 5 }, (_, i) =>
      book(db, {
        resourceId: printer,
        userId: member.id,
        start: after(start, 120 + i * 60),
        minutes: 60,
        note: '',
        now,
      }),
    );
    const [released, ...outcomes] = await Promise.all([releaseNoShows(db, now), ...attempts]);
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await strikesOf(member.id)).toHaveLength(3);
    for (const outcome of outcomes)
      if (outcome.status !== 'booked')
        expect(outcome).toMatchObject({ status: 'refused', refusal: { rule: 'strikes' } });
    // After it, every booking is refused.
    const next = await book(db, {
      resourceId: printer,
      userId: member.id,
      start: after(start, 600),
      minutes: 60,
      note: '',
      now,
    });
    expect(next).toMatchObject({ status: 'refused', refusal: { rule: 'strikes' } });
  });
});
