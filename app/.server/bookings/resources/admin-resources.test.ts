// The admin's resource store on the real store (SQLite here, PostgreSQL in the second unit run):
// a save and its audit entry commit together; a maintenance block is refused over a member's
// booking, or cancels it when asked; a block and a booking sent at once cannot both win.
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { book } from '../core/book';
import {
  addMaintenance,
  bookForMember,
  shortenMaintenance,
  resourceById,
  saveResource,
  upcomingOfResource,
} from './admin-resources';
import { saveInduction } from '../inductions/admin-inductions';
import { checkIn } from '../core/check-in';
import { joinWaitlist, offerFreed } from '../core/waitlist';
import { historyOf } from '../core/events';
import { epochMinutes } from '~/lib/bookings/time';
import { ResourceFormSchema, type ResourceForm } from '~/lib/bookings/schemas';
import {
  newCredit,
  newInduction,
  newMember,
  newResource,
  hourAhead,
} from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const admin = { username: 'boss' };

const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const form = (overrides: Record<string, unknown> = {}): ResourceForm =>
  ResourceFormSchema.parse({
    name: 'Laser Cutter',
    kind: 'fabrication',
    status: 'available',
    slotMinutes: 30,
    minMinutes: 30,
    maxMinutes: 120,
    hoursMode: 'weekly',
    hours: { mon: { open: '09:00', close: '18:00' }, sat: { open: '10:00', close: '00:00' } },
    horizonDays: 14,
    maxWeekHours: 6,
    ...overrides,
  });

const auditRows = (target: string) =>
  db.selectFrom('audit_log').select(['action', 'actor', 'detail']).where('target', '=', target).execute();

describe('saving a resource', () => {
  test('creates it with its rules and an audit entry; a taken slug or unknown induction changes nothing', async () => {
    const slug = `laser-${crypto.randomUUID().slice(0, 8)}`;
    const saved = await saveResource(db, null, form({ slug }), { choice: null, remove: false }, admin);
    expect(saved).toMatchObject({ status: 'saved', slug });
    const row = await db
      .selectFrom('resources')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      slot_minutes: 30,
      max_minutes: 120,
      max_week_minutes: 360,
      max_upcoming: null,
    });
    expect(JSON.parse(row.hours)).toEqual({
      mon: { open: 540, close: 1080 },
      sat: { open: 600, close: 1440 },
    });
    expect(await auditRows(`resource ${slug}`)).toEqual([
      { action: 'resource.create', actor: '@boss', detail: 'Laser Cutter' },
    ]);

    const again = await saveResource(
      db,
      null,
      form({ slug, name: 'Other' }),
      { choice: null, remove: false },
      admin,
    );
    expect(again).toEqual({
      status: 'invalid',
      fieldErrors: { slug: [`Another resource has the address /resources/${slug}`] },
    });
    const badInduction = await saveResource(
      db,
      saved.status === 'saved' ? saved.id : '',
      form({ slug, induction: 'no-such-induction', status: 'out_of_service', statusReason: 'Bent' }),
      { choice: null, remove: false },
      admin,
    );
    expect(badInduction).toMatchObject({ status: 'invalid', fieldErrors: { induction: expect.any(Array) } });
    expect(await auditRows(`resource ${slug}`)).toHaveLength(1);

    const edited = await saveResource(
      db,
      saved.status === 'saved' ? saved.id : '',
      form({ slug, status: 'out_of_service', statusReason: 'Laser tube replaced', hoursMode: 'any' }),
      { choice: null, remove: false },
      admin,
    );
    expect(edited.status).toBe('saved');
    const after = await db
      .selectFrom('resources')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: 'out_of_service',
      status_reason: 'Laser tube replaced',
      hours: 'any',
    });
    expect((await auditRows(`resource ${slug}`)).map((entry) => entry.action)).toEqual([
      'resource.create',
      'resource.update',
    ]);
  });

  test('an edit is audited with what changed, old → new in words, the induction by name, no id', async () => {
    const slug = `edit-${crypto.randomUUID().slice(0, 8)}`;
    const induction = await newInduction(db, { name: 'Laser induction' });
    const saved = await saveResource(db, null, form({ slug }), { choice: null, remove: false }, admin);
    if (saved.status !== 'saved') throw new Error(saved.status);
    const edit = (overrides: Record<string, unknown>) =>
      saveResource(db, saved.id, form({ slug, ...overrides }), { choice: null, remove: false }, admin);
    await edit({});
    await edit({
      induction: induction.id,
      status: 'out_of_service',
      statusReason: 'Tube cracked',
      slotMinutes: 60,
      minMinutes: 60,
      hoursMode: 'any',
      checkIn: true,
    });
    const details = (await auditRows(`resource ${slug}`)).map((entry) => entry.detail);
    expect(details).toEqual([
      'Laser Cutter',
      'Nothing changed',
      [
        `Induction needed: None → ${induction.name}`,
        'Status: Available → Out of service',
        'Reason it is out of service: empty → “Tube cracked”',
        'Slot length: 30 minutes → 1 hour',
        'Shortest booking: 30 minutes → 1 hour',
        'Opening hours: Monday 09:00–18:00, Saturday 10:00–24:00 → Any time',
        'Check-in: Not required → Required, 15 minutes grace',
      ].join('; '),
    ]);
    expect(details.join(' ')).not.toContain(induction.id);
  });

  test('‘Costs’: a credit per hour, saved and audited by name; an unknown credit or a rate alone is refused', async () => {
    const slug = `cost-${crypto.randomUUID().slice(0, 8)}`;
    const credit = await newCredit(db);
    const saved = await saveResource(
      db,
      null,
      form({ slug, creditId: credit.id, creditsPerHour: 3 }),
      { choice: null, remove: false },
      admin,
    );
    if (saved.status !== 'saved') throw new Error(saved.status);
    expect((await resourceById(db, saved.id))?.cost).toEqual({ credit, perHour: 3 });
    const unknown = await saveResource(
      db,
      saved.id,
      form({ slug, creditId: 'no-such-credit', creditsPerHour: 3 }),
      { choice: null, remove: false },
      admin,
    );
    expect(unknown).toEqual({
      status: 'invalid',
      fieldErrors: { creditId: ['Choose a credit from the list'] },
    });
    await saveResource(db, saved.id, form({ slug }), { choice: null, remove: false }, admin);
    expect((await resourceById(db, saved.id))?.cost).toBeNull();
    expect((await auditRows(`resource ${slug}`)).map((entry) => entry.detail)).toEqual([
      'Laser Cutter',
      `Costs: 3 ${credit.name} per hour → Nothing`,
    ]);
    const alone = ResourceFormSchema.safeParse({ ...form(), creditsPerHour: 3 });
    expect(alone.error?.flatten().fieldErrors).toEqual({ creditId: ['Choose the credit it costs'] });
    const noRate = ResourceFormSchema.safeParse({ ...form(), creditId: credit.id });
    expect(noRate.error?.flatten().fieldErrors).toEqual({ creditsPerHour: ['Give the credits per hour'] });
  });

  test('what out of service touches: members’ bookings not ended, soonest first, by name and machine', async () => {
    const name = `Kiln ${crypto.randomUUID().slice(0, 8)}`;
    const resource = await newResource(db, { name });
    const [ana, bo] = [await newMember(db, 'kiln', { fullname: 'Ana Kiln' }), await newMember(db, 'kiln')];
    const later = await book(db, {
      resourceId: resource.id,
      userId: bo.id,
      start: hourAhead(3),
      minutes: 60,
      note: '',
    });
    const sooner = await book(db, {
      resourceId: resource.id,
      userId: ana.id,
      start: hourAhead(2),
      minutes: 60,
      note: '',
    });
    if (later.status !== 'booked' || sooner.status !== 'booked') throw new Error('not booked');
    await db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', later.booking.id)
      .execute();
    const third = await book(db, {
      resourceId: resource.id,
      userId: bo.id,
      start: hourAhead(4),
      minutes: 30,
      note: '',
    });
    if (third.status !== 'booked') throw new Error(third.status);
    expect(await upcomingOfResource(db, resource.id)).toEqual({
      total: 2,
      bookings: [
        {
          id: sooner.booking.id,
          resource: name,
          start: sooner.booking.start,
          end: sooner.booking.end,
          checkedIn: false,
          member: { username: ana.username, fullname: 'Ana Kiln' },
        },
        expect.objectContaining({
          id: third.booking.id,
          member: { username: bo.username, fullname: 'Test Member' },
        }),
      ],
    });
    expect(await upcomingOfResource(db, resource.id, new Date(hourAhead(5)))).toEqual({
      total: 0,
      bookings: [],
    });
  });

  test('a change whose audit entry cannot be written is not saved either', async () => {
    const slug = `audit-${crypto.randomUUID().slice(0, 8)}`;
    // An actor whose name cannot be read makes recordAudit throw after the resource row is written.
    const broken = {
      get username(): string {
        throw new Error('the audit entry failed');
      },
    };
    const original = await db.selectFrom('audit_log').select('id').execute();
    await expect(
      saveResource(db, null, form({ slug }), { choice: null, remove: false }, broken),
    ).rejects.toThrow();
    expect(
      await db.selectFrom('resources').select('id').where('slug', '=', slug).executeTakeFirst(),
    ).toBeUndefined();
    expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(original.length);
  });

  test('the schema keeps shortest ≤ longest, slot multiples, closing after opening and a reason', () => {
    const result = ResourceFormSchema.safeParse({
      ...form(),
      minMinutes: 90,
      maxMinutes: 45,
      status: 'out_of_service',
      statusReason: '',
      hours: { tue: { open: '18:00', close: '09:00' } },
      slug: 'new',
    });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.error.flatten().fieldErrors;
    expect(errors).toMatchObject({
      slug: ['This address is reserved; choose another slug'],
    });
    // The registration check moved to /register/availability: a machine may be called that now.
    expect(ResourceFormSchema.safeParse({ ...form(), slug: 'availability' }).success).toBe(true);
    const issues = result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining(['hours.tue.close: Closing time must be after opening time']),
    );
    const cross = ResourceFormSchema.safeParse({
      ...form(),
      minMinutes: 90,
      maxMinutes: 45,
      status: 'out_of_service',
    });
    const crossIssues = cross.success
      ? []
      : cross.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(crossIssues).toEqual(
      expect.arrayContaining([
        'statusReason: Say why it is out of service',
        'maxMinutes: Longest booking must be a multiple of the 30-minute slot',
        'maxMinutes: Longest booking must be at least the shortest booking',
      ]),
    );
    // A name whose address would be reserved is refused at the name, and a typed slug lets it pass.
    const named = ResourceFormSchema.safeParse({ ...form(), name: 'New', slug: undefined });
    expect(named.success ? {} : named.error.flatten().fieldErrors).toEqual({
      name: ['This address is reserved; choose another slug'],
    });
    expect(ResourceFormSchema.safeParse({ ...form(), name: 'New', slug: 'new-printer' }).success).toBe(true);
  });
});

describe('maintenance blocks', () => {
  test('refused over a member’s booking; with cancel the booking is cancelled and the block stands, all audited', async () => {
    const name = `Mill ${crypto.randomUUID().slice(0, 8)}`;
    const resource = { ...(await newResource(db, { name })), name };
    const member = await newMember(db, 'mnt');
    const start = hourAhead(3);
    const booked = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start,
      minutes: 60,
      note: '',
    });
    expect(booked.status).toBe('booked');

    const input = {
      start: plus(start, -60),
      end: plus(start, 120),
      reason: 'Spindle service',
      alsoCancel: false,
    };
    const refused = await addMaintenance(db, resource.id, input, admin);
    expect(refused.status).toBe('bookings-stand');
    if (refused.status === 'bookings-stand')
      expect(refused.bookings.map((row) => row.member.username)).toEqual([member.username]);
    expect(await activeKinds(resource.id)).toEqual(['booking']);

    const added = await addMaintenance(db, resource.id, { ...input, alsoCancel: true }, admin);
    expect(added.status).toBe('added');
    if (added.status !== 'added') return;
    expect(added.cancelled).toHaveLength(1);
    expect(added.cancelled[0]!.booking.status).toBe('cancelled');
    expect(added.cancelled[0]!.member.email).toBe(member.email);
    expect(await activeKinds(resource.id)).toEqual(['maintenance']);
    const cancelled = await db
      .selectFrom('bookings')
      .selectAll()
      .where('kind', '=', 'booking')
      .where('resource_id', '=', resource.id)
      .executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: '@boss', sequence: 1 });
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('detail', '=', 'Spindle service')
      .where('target', 'like', `%${resource.name}%`)
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['booking.cancel', 'maintenance.create']);

    // A member can no longer book into the block.
    const blocked = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start,
      minutes: 30,
      note: '',
    });
    expect(blocked.status).toBe('taken');
  });

  test('a block never cancels a booking in use: refused even with Also cancel, saying from when', async () => {
    const resource = await newResource(db, { rules: { checkInGraceMinutes: 15, bufferMinutes: 10 } });
    const [ana, bo] = [await newMember(db, 'used'), await newMember(db, 'next')];
    const start = hourAhead(3);
    const anas = await book(db, { resourceId: resource.id, userId: ana.id, start, minutes: 60, note: '' });
    const bos = await book(db, {
      resourceId: resource.id,
      userId: bo.id,
      start: plus(start, 120),
      minutes: 60,
      note: '',
    });
    if (anas.status !== 'booked' || bos.status !== 'booked') throw new Error('not booked');
    const now = plus(start, 10);
    expect((await checkIn(db, { bookingId: anas.booking.id, userId: ana.id, now })).status).toBe(
      'checked-in',
    );

    const input = { start: plus(start, 15), end: plus(start, 240), reason: 'Tube', alsoCancel: true };
    const refused = await addMaintenance(db, resource.id, input, admin, now);
    expect(refused.status).toBe('in-use');
    if (refused.status !== 'in-use') return;
    expect(refused.bookings.map((row) => row.member.username)).toEqual([ana.username]);
    // Free from the end of ana's hour and its buffer.
    expect(refused.from).toBe(plus(start, 70).toISOString());
    // Nothing changed: bo's booking was not cancelled either.
    expect(
      await db
        .selectFrom('bookings')
        .select('status')
        .where('resource_id', '=', resource.id)
        .orderBy('starts_at')
        .execute(),
    ).toEqual([{ status: 'checked_in' }, { status: 'active' }]);

    const after = await addMaintenance(db, resource.id, { ...input, start: plus(start, 70) }, admin, now);
    expect(after.status).toBe('added');
    if (after.status === 'added')
      expect(after.cancelled.map((row) => row.member.username)).toEqual([bo.username]);
  });

  test('a block and a booking sent at the same moment: the database lets exactly one win', async () => {
    for (let round = 0; round < 5; round++) {
      const resource = await newResource(db);
      const member = await newMember(db, 'race');
      const start = hourAhead(4);
      const [block, booking] = await Promise.all([
        addMaintenance(
          db,
          resource.id,
          { start, end: plus(start, 60), reason: 'Race', alsoCancel: false },
          admin,
        ),
        book(db, { resourceId: resource.id, userId: member.id, start, minutes: 60, note: '' }),
      ]);
      const wins = [block.status === 'added', booking.status === 'booked'].filter(Boolean);
      expect(wins).toHaveLength(1);
      if (block.status !== 'added') expect(block.status).toBe('bookings-stand');
      if (booking.status !== 'booked') expect(booking.status).toBe('taken');
      expect(await activeKinds(resource.id)).toHaveLength(1);
    }
  });

  // Six rounds of eleven transactions: about 1 s on PostgreSQL on a quiet machine, past 5 s beside an
  // end-to-end run; 30 s is for a hang, not a slow run.
  test(
    'a block with "Also cancel" racing ten bookings cancels what stands at its commit, every round',
    { timeout: 30_000 },
    async () => {
      for (let round = 0; round < 6; round++) {
        const resource = await newResource(db);
        const members = await Promise.all(Array.from({ length: 10 }, () => newMember(db, 'mrace')));
        const start = hourAhead(5);
        const [block, ...outcomes] = await Promise.all([
          // Sent a little after the bookings, a few more milliseconds each round, to land among them.
          new Promise((resolve) => setTimeout(resolve, round * 2)).then(() =>
            addMaintenance(
              db,
              resource.id,
              { start, end: plus(start, 10 * 60), reason: 'Race', alsoCancel: true },
              admin,
            ),
          ),
          ...members.map((member, index) =>
            book(db, {
              resourceId: resource.id,
              userId: member.id,
              start: plus(start, index * 60),
              minutes: 60,
              note: '',
            }),
          ),
        ]);
        expect(block.status).toBe('added');
        const booked = outcomes.filter((outcome) => outcome.status === 'booked');
        // Those booked before the block were cancelled by it; the rest found the time taken.
        if (block.status === 'added') expect(block.cancelled).toHaveLength(booked.length);
        expect(outcomes.filter((outcome) => outcome.status === 'taken')).toHaveLength(10 - booked.length);
        expect(await activeKinds(resource.id)).toEqual(['maintenance']);
      }
    },
  );

  test('End early frees the time after the new end: offered to the line, bookable, audited; refusals change nothing', async () => {
    const name = `Printer ${crypto.randomUUID().slice(0, 8)}`;
    const resource = { ...(await newResource(db, { name })), name };
    const [other, member, waiter] = [
      await newResource(db),
      await newMember(db, 'end'),
      await newMember(db, 'wait'),
    ];
    const start = hourAhead(3);
    const added = await addMaintenance(
      db,
      resource.id,
      { start, end: plus(start, 180), reason: 'Nozzle swap', alsoCancel: false },
      admin,
    );
    if (added.status !== 'added') throw new Error(added.status);
    const blockId = added.block.id;
    await joinWaitlist(db, {
      resourceId: resource.id,
      userId: waiter.id,
      from: plus(start, 60),
      to: plus(start, 120),
      minMinutes: 60,
    });
    const shorten = (end: Date, id = blockId, on = resource.id, now?: Date) =>
      shortenMaintenance(db, on, { blockId: id, end }, admin, now);

    expect(await shorten(plus(start, 180))).toEqual({
      status: 'refused',
      message: expect.stringMatching(/^End it before \w+day .*, when it ends now\.$/),
    });
    expect(await shorten(start)).toEqual({ status: 'refused', message: 'The end must be after the start' });
    expect(await shorten(plus(start, 60), blockId, resource.id, plus(start, 90))).toEqual({
      status: 'refused',
      message: 'That time has passed.',
    });
    expect(await shorten(plus(start, 60), blockId, other.id)).toEqual({ status: 'not-found' });
    expect(await shorten(plus(start, 60), 'no-such-block')).toEqual({ status: 'not-found' });
    const block = () =>
      db.selectFrom('bookings').selectAll().where('id', '=', blockId).executeTakeFirstOrThrow();
    expect((await block()).ends_at).toBe(plus(start, 180).toISOString());

    // Two admins at once (the same new end): one shortens it, the other is told.
    const both = await Promise.all([shorten(plus(start, 60)), shorten(plus(start, 60))]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual(['refused', 'shortened']);
    expect(await block()).toMatchObject({
      ends_at: plus(start, 60).toISOString(),
      block_end: epochMinutes(plus(start, 60)),
      sequence: 1,
    });
    const [entry] = await auditRows(
      `${resource.name} ${start.toISOString()}–${plus(start, 60).toISOString()}`,
    );
    expect(entry).toMatchObject({ action: 'maintenance.shorten', actor: '@boss' });
    expect(entry!.detail).toMatch(/^was \w+day .*: Nozzle swap$/);
    const history = (await historyOf(db, [blockId])).get(blockId) ?? [];
    expect(history.map((event) => [event.kind, event.actor])).toEqual([
      ['booked', '@boss'],
      ['changed', '@boss'],
    ]);
    expect(history[1]!.reason).toMatch(/^was \w+day .*–\d\d:\d\d$/);

    // The time it gave back goes to the waiting list: one job, and the first in line is offered it.
    const jobs = await db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'offer-freed')
      .where('key', 'like', `offer-freed:${resource.id}:%`)
      .execute();
    const freed = {
      resourceId: resource.id,
      from: epochMinutes(plus(start, 60)),
      to: epochMinutes(plus(start, 180)),
    };
    expect(jobs.map((job) => JSON.parse(job.payload))).toEqual([freed]);
    const offer = await offerFreed(db, freed);
    expect(offer.status).toBe('offered');
    if (offer.status === 'offered')
      expect(offer.booking).toMatchObject({ start: plus(start, 60).toISOString(), status: 'offered' });
    // The rest of it anyone may book.
    const booked = await book(db, {
      resourceId: resource.id,
      userId: member.id,
      start: plus(start, 120),
      minutes: 60,
      note: '',
    });
    expect(booked.status).toBe('booked');
  });

  test('End early by two admins with different ends: each that shortens frees only the time it had', async () => {
    const resource = await newResource(db);
    const start = hourAhead(3);
    const added = await addMaintenance(
      db,
      resource.id,
      { start, end: plus(start, 240), reason: 'Belt change', alsoCancel: false },
      admin,
    );
    if (added.status !== 'added') throw new Error(added.status);
    const shorten = (minutes: number) =>
      shortenMaintenance(db, resource.id, { blockId: added.block.id, end: plus(start, minutes) }, admin);
    let sequence = 0;
    for (const round of [0, 1, 2]) {
      const ends = [180 - round * 60, 150 - round * 60];
      const both = await Promise.all(ends.map(shorten));
      // Run one after the other, the shorter second shortens it again; at once, the later is refused.
      const won = ends.filter((_, i) => both[i]!.status === 'shortened');
      expect(won.length).toBeGreaterThan(0);
      sequence += won.length;
      const row = await db
        .selectFrom('bookings')
        .select(['ends_at', 'sequence'])
        .where('id', '=', added.block.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ ends_at: plus(start, Math.min(...won)).toISOString(), sequence });
    }
    // The freed spans meet end to end, from the last end to 240: none claims time it did not have.
    const spans = (
      await db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'offer-freed')
        .where('key', 'like', `offer-freed:${resource.id}:%`)
        .execute()
    )
      .map((job) => JSON.parse(job.payload) as { from: number; to: number })
      .sort((a, b) => b.from - a.from);
    expect(spans).toHaveLength(sequence);
    expect(spans[0]!.to).toBe(epochMinutes(plus(start, 240)));
    for (const [i, span] of spans.entries()) if (i) expect(span.to).toBe(spans[i - 1]!.from);

    // A block that has ended is not on the page: answered like a removed one.
    expect(
      await shortenMaintenance(
        db,
        resource.id,
        { blockId: added.block.id, end: start },
        admin,
        plus(start, 500),
      ),
    ).toEqual({ status: 'not-found' });
  });

  test('booking on behalf skips the rules, never a clash, and is audited with its reason', async () => {
    const name = `Hood ${crypto.randomUUID().slice(0, 8)}`;
    const resource = {
      ...(await newResource(db, { name, rules: { maxMinutes: 60, noticeMinutes: 24 * 60 } })),
      name,
    };
    const member = await newMember(db, 'behalf');
    // The next whole hour but one: inside the 24-hour notice, never in the past.
    const start = new Date((Math.floor(Date.now() / 3_600_000) + 2) * 3_600_000);
    const outcome = await bookForMember(
      db,
      resource.id,
      { username: member.username.toUpperCase(), start, minutes: 180, note: '', reason: 'Thesis deadline' },
      admin,
    );
    expect(outcome.status).toBe('booked');
    const clash = await bookForMember(
      db,
      resource.id,
      { username: member.username, start: plus(start, 60), minutes: 30, note: '', reason: 'Again' },
      admin,
    );
    expect(clash.status).toBe('taken');
    expect(
      await bookForMember(
        db,
        resource.id,
        { username: 'nobody_here', start, minutes: 30, note: '', reason: 'x' },
        admin,
      ),
    ).toEqual({ status: 'unknown-member' });
    const entry = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', 'like', `${resource.name} %@${member.username}`)
      .execute();
    expect(entry).toEqual([{ action: 'booking.create', detail: 'Thesis deadline' }]);
  });
});

describe('out of service', () => {
  test('lists the upcoming bookings to tell their members; cancels them when asked, audited', async () => {
    const slug = `kiln-${crypto.randomUUID().slice(0, 8)}`;
    const created = await saveResource(
      db,
      null,
      form({ name: 'Kiln', slug, hoursMode: 'any', hours: {} }),
      { choice: null, remove: false },
      admin,
    );
    if (created.status !== 'saved') throw new Error(created.status);
    const member = await newMember(db, 'kiln');
    const booked = await book(db, {
      resourceId: created.id,
      userId: member.id,
      start: hourAhead(2),
      minutes: 60,
      note: '',
    });
    expect(booked.status).toBe('booked');
    const broken = form({
      name: 'Kiln',
      slug,
      hoursMode: 'any',
      hours: {},
      status: 'out_of_service',
      statusReason: 'Element burnt out',
    });
    const told = await saveResource(db, created.id, broken, { choice: null, remove: false }, admin);
    expect(told.status === 'saved' && told.outOfService).toMatchObject({
      reason: 'Element burnt out',
      cancelled: false,
      bookings: [{ member: { email: member.email }, booking: { status: 'active' } }],
    });
    // Saved again while out of service: nobody is told twice.
    const again = await saveResource(db, created.id, broken, { choice: null, remove: false }, admin);
    expect(again.status === 'saved' && again.outOfService).toBeNull();
    const cancelled = await saveResource(
      db,
      created.id,
      { ...broken, alsoCancel: true },
      { choice: null, remove: false },
      admin,
    );
    expect(cancelled.status === 'saved' && cancelled.outOfService).toMatchObject({
      cancelled: true,
      bookings: [{ booking: { status: 'cancelled', sequence: 1 } }],
    });
    expect(await activeKinds(created.id)).toEqual([]);
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('detail', '=', 'Out of service: Element burnt out')
      .where('target', 'like', 'Kiln %')
      .execute();
    expect(actions.map((row) => row.action)).toContain('booking.cancel');
  });

  test('with Also cancel, a booking someone is checked in to stands, and its member is told so', async () => {
    const slug = `laser-${crypto.randomUUID().slice(0, 8)}`;
    const created = await saveResource(
      db,
      null,
      form({ name: 'Busy Laser', slug, hoursMode: 'any', hours: {}, checkIn: true, graceMinutes: 15 }),
      { choice: null, remove: false },
      admin,
    );
    if (created.status !== 'saved') throw new Error(created.status);
    const [ana, bo] = [await newMember(db, 'inuse'), await newMember(db, 'later')];
    const start = hourAhead(3);
    const anas = await book(db, {
      resourceId: created.id,
      userId: ana.id,
      start,
      minutes: 60,
      note: '',
    });
    const bos = await book(db, {
      resourceId: created.id,
      userId: bo.id,
      start: hourAhead(5),
      minutes: 60,
      note: '',
    });
    if (anas.status !== 'booked' || bos.status !== 'booked') throw new Error('not booked');
    expect(
      (await checkIn(db, { bookingId: anas.booking.id, userId: ana.id, now: plus(start, -5) })).status,
    ).toBe('checked-in');
    const broken = form({
      name: 'Busy Laser',
      slug,
      hoursMode: 'any',
      hours: {},
      checkIn: true,
      graceMinutes: 15,
      status: 'out_of_service',
      statusReason: 'Tube cracked',
      alsoCancel: true,
    });
    const told = await saveResource(db, created.id, broken, { choice: null, remove: false }, admin);
    expect(told.status === 'saved' && told.outOfService?.bookings.map((row) => row.booking.status)).toEqual([
      'checked_in',
      'cancelled',
    ]);
    const mail = async (email: string) =>
      (
        JSON.parse(
          (
            await db
              .selectFrom('jobs')
              .select('payload')
              .where('key', 'like', `mail:out-of-service:${email}:%`)
              .executeTakeFirstOrThrow()
          ).payload,
        ) as { text: string }
      ).text;
    expect(await mail(ana.email)).toContain('still stands; check with the lab');
    expect(await mail(bo.email)).toContain('The lab cancelled your booking of Busy Laser');
    // Only the booking it cancelled is in the audit log as cancelled.
    const cancels = await db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'booking.cancel')
      .where('target', 'like', 'Busy Laser %')
      .execute();
    expect(cancels.map((row) => row.target)).toEqual([`Busy Laser ${bos.booking.start} for @${bo.username}`]);
  });
});

describe('booking on behalf keeps the safety gates', () => {
  test('a missing induction or an out-of-service resource needs ‘Book anyway’, audited; the past is refused', async () => {
    const induction = await newInduction(db, { name: 'CNC induction' });
    const name = `Mill ${crypto.randomUUID().slice(0, 8)}`;
    const resource = await newResource(db, { name, induction: induction.id });
    const member = await newMember(db, 'gate');
    const input = {
      username: member.username,
      start: hourAhead(2),
      minutes: 60,
      note: '',
      reason: 'Demo day',
    };
    const gated = await bookForMember(db, resource.id, input, admin);
    expect(gated.status === 'refused' && gated.refusal).toEqual({
      rule: 'induction',
      field: null,
      message: `You need the ${induction.name} to book this.`,
      overridable: true,
    });
    const anyway = await bookForMember(db, resource.id, { ...input, override: true }, admin);
    expect(anyway.status).toBe('booked');
    const entries = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', 'like', `${name} %@${member.username}`)
      .execute();
    expect(entries).toEqual([
      { action: 'booking.override', detail: `Demo day (past: You need the ${induction.name} to book this.)` },
    ]);

    await db
      .updateTable('resources')
      .set({ status: 'out_of_service' })
      .where('id', '=', resource.id)
      .execute();
    const out = await bookForMember(db, resource.id, { ...input, start: hourAhead(3) }, admin);
    expect(out.status === 'refused' && out.refusal.rule).toBe('status');

    const past = await bookForMember(
      db,
      resource.id,
      { ...input, start: plus(hourAhead(0, 0), -7 * 24 * 60), override: true },
      admin,
    );
    expect(past.status === 'refused' && past.refusal.message).toBe('That time has passed.');
    const far = await bookForMember(
      db,
      resource.id,
      { ...input, start: new Date('2999-12-31T10:00:00Z'), override: true },
      admin,
    );
    expect(far.status === 'refused' && far.refusal.message).toBe('Book for a member at most a year ahead.');
    expect(await activeKinds(resource.id)).toEqual(['booking']);
  });
});

describe('saving an induction', () => {
  test('creates and renames it with audit entries; a name another has is refused', async () => {
    const name = `Lathe induction ${crypto.randomUUID().slice(0, 6)}`;
    const saved = await saveInduction(db, null, { name, description: '', validMonths: 12 }, admin);
    expect(saved.status).toBe('saved');
    if (saved.status !== 'saved') return;
    expect(await saveInduction(db, null, { name, description: '' }, admin)).toEqual({
      status: 'invalid',
      fieldErrors: { name: ['Another induction has this name'] },
    });
    await saveInduction(
      db,
      saved.id,
      { name: `${name} II`, description: 'Chuck key', validMonths: undefined },
      admin,
    );
    const row = await db
      .selectFrom('inductions')
      .selectAll()
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: `${name} II`, slug: saved.slug, valid_months: null });
    expect((await auditRows(`induction ${saved.slug}`)).map((entry) => entry.action)).toEqual([
      'induction.create',
      'induction.update',
    ]);
  });
});

async function activeKinds(resourceId: string) {
  const rows = await db
    .selectFrom('bookings')
    .select('kind')
    .where('resource_id', '=', resourceId)
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.kind);
}
