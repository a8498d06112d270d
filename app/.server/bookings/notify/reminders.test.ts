// Reminders on the real store (both engines): queued with the booking, moved with it, cancelled
// with it, and when they run they say what is true then.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { config } from '../../config';
import { db } from '../../db';
import { JOB_KINDS } from '../../job-kinds';
import { runDue } from '../../jobs';
import { bookingsIn } from '../index';
import { historyOf } from '../core/events';
import { labClockZoned } from '~/lib/bookings/time';
import { newInduction, newMember, newResource, hourAhead } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const bookings = bookingsIn(db);
const HOUR = 3_600_000;
const REMINDER_KINDS = JOB_KINDS.filter(
  (kind) => kind.name === 'reminder' || kind.name === 'induction-expiry',
);

const jobsAbout = (subject: string, kind: string) =>
  db
    .selectFrom('jobs')
    .select(['key', 'state', 'run_at', 'stale_at'])
    .where('subject', '=', subject)
    .where('kind', '=', kind)
    .orderBy('run_at')
    .execute();

/** Runs the reminders due at `at`, and returns the mails they wrote to `to` (the outbox, no SMTP here). */
async function remindersSentAt(at: Date, to: string) {
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  await runDue(db, REMINDER_KINDS, { now: () => at });
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => !before.has(name))
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .filter((mail) => mail.includes(`To: ${to}`))
    .map(readable);
}

/** A raw message with its encoded subject and quoted-printable parts decoded, as text to search. */
const readable = (raw: string) => {
  const bytes = raw
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, word: string) => word.replace(/_/g, ' '))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
};

async function booked(resourceId: string, userId: string, start: Date) {
  const outcome = await bookings.book({ resourceId, userId, start, minutes: 60, note: '' });
  if (outcome.status !== 'booked') throw new Error(outcome.status);
  return outcome.booking;
}

describe('booking reminders', () => {
  test('24 hours and 1 hour before; a move queues fresh ones, a cancel cancels them', async () => {
    const { id: resourceId } = await newResource(db, { name: 'Reminded Mill' });
    const member = await newMember(db, 'rem');
    const start = hourAhead(3);
    const booking = await booked(resourceId, member.id, start);
    expect(await jobsAbout(`booking:${booking.id}`, 'reminder')).toEqual([
      {
        key: `reminder:${booking.id}:0:24h`,
        state: 'queued',
        run_at: new Date(start.getTime() - 24 * HOUR).toISOString(),
        stale_at: start.toISOString(),
      },
      {
        key: `reminder:${booking.id}:0:1h`,
        state: 'queued',
        run_at: new Date(start.getTime() - HOUR).toISOString(),
        stale_at: start.toISOString(),
      },
    ]);

    const moved = hourAhead(4);
    const changed = await bookings.change({
      bookingId: booking.id,
      userId: member.id,
      start: moved,
      minutes: 60,
    });
    expect(changed.status).toBe('changed');
    const afterMove = await jobsAbout(`booking:${booking.id}`, 'reminder');
    expect(afterMove.map((job) => [job.key, job.state])).toEqual([
      [`reminder:${booking.id}:0:24h`, 'cancelled'],
      [`reminder:${booking.id}:0:1h`, 'cancelled'],
      [`reminder:${booking.id}:1:24h`, 'queued'],
      [`reminder:${booking.id}:1:1h`, 'queued'],
    ]);

    expect((await bookings.cancel(booking.id, member.id)).status).toBe('cancelled');
    const afterCancel = await jobsAbout(`booking:${booking.id}`, 'reminder');
    expect(afterCancel.every((job) => job.state === 'cancelled')).toBe(true);
  });

  test('booked 2 hours ahead: only the 1-hour reminder', async () => {
    const { id: resourceId } = await newResource(db);
    const member = await newMember(db, 'soon');
    const start = new Date(Date.now() + 2 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    const booking = await booked(resourceId, member.id, new Date(start.getTime() + HOUR));
    expect((await jobsAbout(`booking:${booking.id}`, 'reminder')).map((job) => job.key)).toEqual([
      `reminder:${booking.id}:0:1h`,
    ]);
  });

  test('the reminder says when, in Dublin time; a heads-up once the machine is out of service; none when turned off', async () => {
    const { id: resourceId } = await newResource(db, { name: 'Heads-up Lathe' });
    const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
    const start = hourAhead(5, 9);
    const anas = await booked(resourceId, ana.id, start);
    const bos = await booked(resourceId, bo.id, new Date(start.getTime() + 2 * HOUR));
    await bookings.reminders.set(bo.id, false);
    expect(await bookings.reminders.on(bo.id)).toBe(false);

    const [reminder] = await remindersSentAt(new Date(start.getTime() - 24 * HOUR), ana.email);
    expect(reminder).toContain('Subject: Reminder: Heads-up Lathe,');
    expect(reminder).toContain('Your booking of Heads-up Lathe is on');
    expect(reminder).toContain('(Dublin time).');
    expect(reminder).not.toContain('Heads-up:');

    // Out of service since: the 1-hour reminder tells so.
    const since = new Date(start.getTime() - 3 * HOUR);
    await db
      .updateTable('resources')
      .set({ status: 'out_of_service', status_reason: 'Spindle', status_since: since.toISOString() })
      .where('id', '=', resourceId)
      .execute();
    const [headsUp] = await remindersSentAt(new Date(start.getTime() - HOUR), ana.email);
    expect(headsUp).toMatch(
      /Heads-up: Heads-up Lathe is out of service since \w+ \d+ \w+ \d{4}, \d\d:\d\d\. Your booking may be affected\./,
    );

    // bo turned reminders off: both of his ran and sent nothing.
    expect(await remindersSentAt(new Date(start.getTime() + HOUR), bo.email)).toEqual([]);
    expect((await jobsAbout(`booking:${bos.id}`, 'reminder')).map((job) => job.state)).toEqual([
      'done',
      'done',
    ]);
    expect((await jobsAbout(`booking:${anas.id}`, 'reminder')).map((job) => job.state)).toEqual([
      'done',
      'done',
    ]);
    // Ana's were sent: her booking's history says so; bo's were not.
    const history = await historyOf(db, [anas.id, bos.id]);
    expect(history.get(anas.id)!.map((event) => event.kind)).toEqual(['booked', 'reminded', 'reminded']);
    expect(history.get(bos.id)!.map((event) => event.kind)).toEqual(['booked']);
  });

  test('the reminders fit the time left: cancel before the cutoff, release past it; when to check in', async () => {
    const { id: resourceId, slug } = await newResource(db, {
      name: 'Cutoff Laser',
      rules: { cancelCutoffMinutes: 120, checkInGraceMinutes: 15 },
    });
    const member = await newMember(db, 'cut');
    const start = hourAhead(3, 9);
    await booked(resourceId, member.id, start);

    const [dayBefore] = await remindersSentAt(new Date(start.getTime() - 24 * HOUR), member.email);
    expect(dayBefore).toContain(
      'Plans changed? Cancel it from My bookings so someone else can use the time. That costs nothing until',
    );
    expect(dayBefore).toContain('; after that, releasing it counts as a late-cancel strike.');
    const checkIn =
      /Check in at the machine between (\d\d:\d\d) and (\d\d:\d\d): scan its QR code, or open (\S+)\. If nobody checks in by \2, the booking is released for others and counts as a no-show strike\./;
    const [, opens, closes, here] = checkIn.exec(dayBefore!) ?? [];
    expect(here).toBe(new URL(`/resources/${slug}/here`, config.PUBLIC_URL).toString());
    expect([opens, closes]).toEqual([
      labClockZoned(new Date(start.getTime() - 15 * 60_000)),
      labClockZoned(new Date(start.getTime() + 15 * 60_000)),
    ]);

    // An hour before is past the two-hour cutoff: release it, and what that costs.
    const [hourBefore] = await remindersSentAt(new Date(start.getTime() - HOUR), member.email);
    expect(hourBefore).toContain(
      'Can’t come? Release it from My bookings so someone else can use the time. Past the cutoff that counts as a late-cancel strike, waived if someone else books the time before it starts.',
    );
    expect(hourBefore).not.toContain('Plans changed?');
    expect(hourBefore).toMatch(checkIn);
  });

  test('a reminder that runs after its booking started is dropped, not sent late', async () => {
    const { id: resourceId } = await newResource(db);
    const member = await newMember(db, 'late');
    const start = hourAhead(6);
    const booking = await booked(resourceId, member.id, start);
    expect(await remindersSentAt(new Date(start.getTime() + 60_000), member.email)).toEqual([]);
    expect((await jobsAbout(`booking:${booking.id}`, 'reminder')).map((job) => job.state)).toEqual([
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('induction expiry notices', () => {
  test('30 and 7 days before it expires, linking to the request; cancelled by a revocation', async () => {
    const { id: inductionId } = await newInduction(db, { validMonths: 12 });
    await newResource(db, { name: 'Gated Laser', induction: inductionId });
    const [inductor, member] = [await newMember(db, 'ind'), await newMember(db, 'exp')];
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', inductor.id).execute();
    const actor = { id: inductor.id, username: inductor.username, role: 'admin' as const };
    expect(await bookings.inductions.signOff(actor, { inductionId, userId: member.id, note: '' })).toBe(
      'signed-off',
    );
    const notices = await jobsAbout(`induction:${inductionId}:${member.id}`, 'induction-expiry');
    expect(notices.map((job) => job.key.split(':').at(-1))).toEqual(['30d', '7d']);
    const expires = new Date(notices[0]!.stale_at!);
    expect(expires.getTime() - Date.parse(notices[0]!.run_at)).toBe(30 * 24 * HOUR);

    const [notice] = await remindersSentAt(new Date(notices[0]!.run_at), member.email);
    expect(notice).toMatch(/Subject: Your .+ expires on \d+ \w+ \d{4}/);
    expect(notice).toContain('After that you cannot book Gated Laser');
    expect(notice).toContain('Request an induction');

    await bookings.inductions.revoke(actor, { inductionId, userId: member.id, reason: 'Test' });
    expect(
      (await jobsAbout(`induction:${inductionId}:${member.id}`, 'induction-expiry')).map((job) => job.state),
    ).toEqual(['done', 'cancelled']);
  });
});
