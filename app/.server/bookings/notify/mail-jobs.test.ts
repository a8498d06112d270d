// The mails a booking change owes are jobs queued in its transaction (bookings/notify/mail.ts): there when
// the change committed, absent when it did not, and sent by a worker with a Message-ID of their key.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { config } from '../../config';
import { db } from '../../db';
import { JOB_KINDS } from '../../job-kinds';
import { runDue } from '../../jobs';
import { messageIdFor } from '../../mail';
import { bookingsIn } from '../index';
import { newMember, newResource, hourAhead } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const bookings = bookingsIn(db);

const mailJobsFor = (bookingId: string) =>
  db
    .selectFrom('jobs')
    .select(['key', 'state', 'payload'])
    .where('kind', '=', 'mail')
    .where('key', 'like', `mail:booking-%:${bookingId}:%`)
    .orderBy('created_at')
    .execute();

test('a booking and its cancellation queue one mail each; a lost race queues none', async () => {
  const { id: resourceId } = await newResource(db, { name: 'Queued Printer' });
  const [ana, bo] = [await newMember(db, 'ana'), await newMember(db, 'bo')];
  const start = hourAhead(4);
  const booked = await bookings.book({ resourceId, userId: ana.id, start, minutes: 60, note: '' });
  if (booked.status !== 'booked') throw new Error(booked.status);
  const lost = await bookings.book({ resourceId, userId: bo.id, start, minutes: 60, note: '' });
  expect(lost.status).toBe('taken');

  const [confirmation] = await mailJobsFor(booked.booking.id);
  expect(confirmation).toMatchObject({
    key: `mail:booking-confirmed:${booked.booking.id}:0`,
    state: 'queued',
  });
  expect(JSON.parse(confirmation!.payload)).toMatchObject({
    to: ana.email,
    subject: 'Booking confirmed: Queued Printer',
  });
  // bo's refused booking left no job behind: no mail to bo at all.
  expect(
    await db.selectFrom('jobs').select('key').where('payload', 'like', `%${bo.email}%`).execute(),
  ).toEqual([]);

  const cancelled = await bookings.cancel(booked.booking.id, ana.id);
  expect(cancelled.status).toBe('cancelled');
  expect((await mailJobsFor(booked.booking.id)).map((job) => job.key)).toEqual([
    `mail:booking-confirmed:${booked.booking.id}:0`,
    `mail:booking-cancelled:${booked.booking.id}:1`,
  ]);
  // A second cancel finds nothing to cancel and queues nothing.
  expect((await bookings.cancel(booked.booking.id, ana.id)).status).toBe('not-found');
  expect(await mailJobsFor(booked.booking.id)).toHaveLength(2);
});

test('the worker sends a queued mail with the Message-ID of its key, then marks it done', async () => {
  const { id: resourceId } = await newResource(db, { name: 'Sent Printer' });
  const member = await newMember(db, 'cy');
  const booked = await bookings.book({
    resourceId,
    userId: member.id,
    start: hourAhead(5),
    minutes: 60,
    note: '',
  });
  if (booked.status !== 'booked') throw new Error(booked.status);
  const key = `mail:booking-confirmed:${booked.booking.id}:0`;
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  // Other test files' mails wait in the same table (a whole run queues hundreds): this worker
  // takes ours alone.
  const { id } = await db.selectFrom('jobs').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  await runDue(
    db,
    JOB_KINDS.filter((kind) => kind.name === 'mail'),
    { ids: [id] },
  );
  const [job] = await mailJobsFor(booked.booking.id);
  expect(job?.state).toBe('done');
  const written = fs
    .readdirSync(outbox)
    .filter((name) => !before.has(name))
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
    .find((mail) => mail.includes(`To: ${member.email}`));
  expect(written).toContain(`Message-ID: ${messageIdFor(key)}`);
  expect(written).toContain('Subject: Booking confirmed: Sent Printer');
});

test('the confirmation fits the time left and, on a machine that needs check-in, says when', async () => {
  const { id: resourceId, slug } = await newResource(db, {
    name: 'Confirmed Laser',
    rules: { cancelCutoffMinutes: 5 * 24 * 60, checkInGraceMinutes: 20 },
  });
  const { id: plain } = await newResource(db, { name: 'Plain Printer', rules: { cancelCutoffMinutes: 120 } });
  const member = await newMember(db, 'conf');
  const textOf = async (bookingId: string, sequence = 0) => {
    const [job] = (await mailJobsFor(bookingId)).filter(
      (each) => each.key === `mail:booking-confirmed:${bookingId}:${sequence}`,
    );
    return (JSON.parse(job!.payload) as { text: string }).text;
  };

  // Three days ahead is already past a five-day cutoff: release it, and what that costs.
  const late = await bookings.book({
    resourceId,
    userId: member.id,
    start: hourAhead(3),
    minutes: 60,
    note: '',
  });
  if (late.status !== 'booked') throw new Error(late.status);
  const lateText = await textOf(late.booking.id);
  expect(lateText).toContain(
    'Can’t come? Release it from My bookings so someone else can use the time. Past the cutoff that counts as a late-cancel strike, waived if someone else books the time before it starts.',
  );
  expect(lateText).toMatch(
    /Check in at the machine between \d\d:\d\d and \d\d:\d\d: scan its QR code, or open \S+\/resources\/res-\w+\/here\. If nobody checks in by \d\d:\d\d, the booking is released for others and counts as a no-show strike\./,
  );
  expect(lateText).toContain(new URL(`/resources/${slug}/here`, config.PUBLIC_URL).toString());

  // Before the cutoff: cancel, free until when; no check-in on a machine that needs none.
  const early = await bookings.book({
    resourceId: plain,
    userId: member.id,
    start: hourAhead(3),
    minutes: 60,
    note: '',
  });
  if (early.status !== 'booked') throw new Error(early.status);
  const earlyText = await textOf(early.booking.id);
  expect(earlyText).toMatch(
    /Plans changed\? Cancel it from My bookings so someone else can use the time\. That costs nothing until \w+ \d+ \w+ \d{4}, \d\d:\d\d; after that, releasing it counts as a late-cancel strike\./,
  );
  expect(earlyText).not.toContain('Check in');
  // A change says the same of the new time.
  const changed = await bookings.change({
    bookingId: early.booking.id,
    userId: member.id,
    start: hourAhead(4),
    minutes: 60,
  });
  expect(changed.status).toBe('changed');
  expect(await textOf(early.booking.id, 1)).toContain('Plans changed? Cancel it from My bookings');
});
