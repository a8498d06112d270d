// 'Find the next free time' on both engines: what holds time on a machine's calendar is read as
// the pages read it (bookings, maintenance, buffers, the viewer's own; not cancelled ones, nor
// what ended before now), and a group of equivalents is searched whole, out-of-service ones left out.
import crypto from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingsIn } from '..';
import { bookingRow } from './rows';
import { saveResource } from '../resources/admin-resources';
import { ResourceFormSchema } from '~/lib/bookings/schemas';
import { newMember, newResource } from '../../../../tests/support/store-fixtures';
import { labDayOf } from '~/lib/bookings/time';

afterAll(() => db.destroy());
const { nextFree, week, resources } = bookingsIn(db);
const MINUTE = 60_000;
// Monday 7 January 2030, 08:00 in Dublin (GMT): far from the clock of any other test's rows.
const now = new Date('2030-01-07T08:00:00Z');
const at = (clock: string, day = '2030-01-07') => new Date(`${day}T${clock}:00Z`);

async function row(
  resourceId: string,
  start: Date,
  minutes: number,
  extra: { userId?: string | null; kind?: 'booking' | 'maintenance'; bufferMinutes?: number } = {},
) {
  const values = bookingRow({
    resourceId,
    kind: extra.kind ?? 'booking',
    userId: extra.userId ?? null,
    start,
    end: new Date(start.getTime() + minutes * MINUTE),
    bufferMinutes: extra.bufferMinutes ?? 0,
    now: start,
  });
  await db.insertInto('bookings').values(values).execute();
  return values.id;
}

const clocks = (starts: { start: string }[]) => starts.map(({ start }) => start.slice(11, 16));

test('bookings, maintenance, buffers and the viewer’s own stand in the way; a cancelled one does not', async () => {
  const member = await newMember(db, 'nextfree');
  const other = await newMember(db, 'nextfree');
  const { id, slug } = await newResource(db, { rules: { bufferMinutes: 15 } });
  await row(id, at('06:00'), 120, { userId: other.id }); // ended by now plus its buffer: past
  await row(id, at('08:00'), 60, { userId: member.id, bufferMinutes: 15 }); // the viewer's own
  await row(id, at('09:30'), 30, { kind: 'maintenance' });
  const cancelled = await row(id, at('10:30'), 60, { userId: other.id, bufferMinutes: 15 });
  await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
  await row(id, at('12:00'), 60, { userId: other.id, bufferMinutes: 15 });
  const resource = (await resources.bySlug(slug))!;

  const found = await nextFree(resource, 60, now);
  expect(found.searched).toEqual([{ slug, name: 'Test Printer' }]);
  // 09:15 is in the buffer after 08:00–09:00 (and not on the grid); 10:00 to 10:30 is free again,
  // but an hour from 10:30 plus its buffer meets 12:00; after 12:00–13:00 comes its buffer.
  expect(clocks(found.starts)).toEqual([
    '10:00',
    '10:30',
    '13:30',
    '14:00',
    '14:30',
    '15:00',
    '15:30',
    '16:00',
  ]);
  expect(found.starts[0]).toEqual({
    resource: { slug, name: 'Test Printer' },
    start: at('10:00').toISOString(),
    end: at('11:00').toISOString(),
  });

  // The shortest length's starts are the week's free slots, as its page shows them to that member.
  const days = await week(resource, labDayOf(now), member.id, now);
  const free = days[0]!.slots.filter((slot) => slot.state === 'free').map((slot) => slot.start);
  const shortest = await nextFree(resource, 30, now);
  expect(shortest.starts.map((each) => each.start)).toEqual(free.slice(0, shortest.starts.length));
});

test('a group of equivalents is searched whole: each start with its machine, out-of-service ones left out', async () => {
  const group = `Prusa printers ${crypto.randomBytes(3).toString('hex')}`;
  const a = await newResource(db, { name: 'Prusa A', equivalentGroup: group });
  const b = await newResource(db, { name: 'Prusa B', equivalentGroup: group });
  const broken = await newResource(db, { name: 'Prusa C', equivalentGroup: group });
  await db
    .updateTable('resources')
    .set({ status: 'out_of_service', status_reason: 'Nozzle' })
    .where('id', '=', broken.id)
    .execute();
  // 45-minute bookings: never a start for an hour.
  const mini = await newResource(db, {
    name: 'Prusa mini',
    equivalentGroup: group,
    rules: { maxMinutes: 30 },
  });
  const elsewhere = await newResource(db, { name: 'Prusa D', equivalentGroup: `${group} 2` });
  for (const id of [a.id, elsewhere.id]) await row(id, at('08:00'), 180);
  await row(b.id, at('08:00'), 60);
  await row(b.id, at('10:00'), 300);

  const found = await nextFree((await resources.bySlug(a.slug))!, 60, now);
  expect(found.searched.map((machine) => machine.name)).toEqual(['Prusa A', 'Prusa B', 'Prusa mini']);
  expect(found.starts.map((each) => `${each.resource.name} ${each.start.slice(11, 16)}`)).toEqual([
    'Prusa B 09:00',
    'Prusa A 11:00',
    'Prusa A 11:30',
    'Prusa A 12:00',
    'Prusa A 12:30',
    'Prusa A 13:00',
    'Prusa A 13:30',
    'Prusa A 14:00',
  ]);
  expect(mini.slug).toBeTruthy();

  // Asked from the broken one: its equivalents still are free, it is not searched.
  const fromBroken = await nextFree((await resources.bySlug(broken.slug))!, 60, now);
  expect(fromBroken.searched.map((machine) => machine.name)).toEqual(['Prusa A', 'Prusa B', 'Prusa mini']);
  expect(fromBroken.starts[0]!.resource.name).toBe('Prusa B');
});

test('a machine booked solid for most of its horizon: the first start after it', async () => {
  const { id, slug } = await newResource(db, { rules: { horizonDays: 60, slotMinutes: 15, minMinutes: 15 } });
  const start = at('08:00').getTime();
  // 50 days of back-to-back hours, and a year before it that the index never reads.
  const rows = Array.from({ length: 50 * 24 + 365 * 24 }, (_, index) => {
    const from = new Date(start + (index - 365 * 24) * 60 * MINUTE);
    return bookingRow({
      resourceId: id,
      kind: 'booking',
      userId: null,
      start: from,
      end: new Date(from.getTime() + 60 * MINUTE),
      bufferMinutes: 0,
      now: from,
    });
  });
  for (let index = 0; index < rows.length; index += 500)
    await db
      .insertInto('bookings')
      .values(rows.slice(index, index + 500))
      .execute();
  const found = await nextFree((await resources.bySlug(slug))!, 120, now);
  expect(found.starts.map((each) => each.start)).toEqual(
    Array.from({ length: 8 }, (_, index) =>
      new Date(start + 50 * 24 * 60 * MINUTE + index * 15 * MINUTE).toISOString(),
    ),
  );
});

test('the resource form sets the group, trimmed and audited; too long a name is refused by the schema', async () => {
  const slug = `prusa-${crypto.randomBytes(4).toString('hex')}`;
  const form = (equivalentGroup: string) =>
    ResourceFormSchema.safeParse({
      name: 'Prusa E',
      slug,
      kind: 'fabrication',
      status: 'available',
      slotMinutes: 30,
      minMinutes: 30,
      maxMinutes: 120,
      hoursMode: 'any',
      horizonDays: 14,
      equivalentGroup,
    });
  expect(form('x'.repeat(61)).error?.issues[0]?.message).toBe(
    'Group of equivalent machines must be at most 60 characters',
  );
  const photo = { choice: null, remove: false };
  const created = await saveResource(db, null, form('  Prusa printers ').data!, photo, { username: 'boss' });
  expect(created.status).toBe('saved');
  const id = created.status === 'saved' ? created.id : '';
  expect((await resources.bySlug(slug))?.equivalentGroup).toBe('Prusa printers');
  await saveResource(db, id, form('').data!, photo, { username: 'boss' });
  const audit = await db
    .selectFrom('audit_log')
    .select('detail')
    .where('target', '=', `resource ${slug}`)
    .where('action', '=', 'resource.update')
    .executeTakeFirstOrThrow();
  expect(audit.detail).toBe('Group of equivalent machines: “Prusa printers” → None');
});
