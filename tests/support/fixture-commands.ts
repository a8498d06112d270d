// Rows the booking journeys need, written straight into an e2e server's store by the admin agent
// (tests/support/admin-agent.ts) that already runs against it: a resource with the rules a journey
// is about, an induction, an inductor, a sign-off. Cheaper than the admin pages, and on the cluster's
// PostgreSQL as well as SQLite. The journeys about those pages use the pages instead.
import crypto from 'node:crypto';
import { db } from '../../app/.server/db';
import { book, cancelBooking } from '../../app/.server/bookings/core/book';
import { signOff } from '../../app/.server/bookings/inductions/inductions';
import { bookingRow, rulesColumns, rulesOf } from '../../app/.server/bookings/core/rows';
import { termsOf } from '../../app/lib/bookings/models';
import { granted, newCredit, newMember, OPEN_RULES } from './store-fixtures';
import { queueExpiryNotices, settleEnded } from '../../app/.server/bookings/standing/credits';
import { startSession } from '../../app/.server/session';
import type { BookingRules } from '../../app/lib/bookings/rules';

interface ResourceSpec {
  name?: string;
  kind?: 'fabrication' | 'electronics' | 'wetlab';
  rules?: Partial<BookingRules>;
  /** an induction's slug */
  induction?: string | null;
  outOfService?: string;
  /** its group of equivalent machines */
  equivalentGroup?: string;
  /** a booking is a request an approver decides, after these questions */
  approval?: string[];
}

const tag = () => crypto.randomBytes(4).toString('hex');
const now = () => new Date().toISOString();

async function userId(username: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

async function inductionId(slug: string) {
  return (await db.selectFrom('inductions').select('id').where('slug', '=', slug).executeTakeFirstOrThrow())
    .id;
}

export async function runFixtureCommand([kind, ...args]: string[]): Promise<string> {
  switch (kind) {
    case 'resource': {
      const spec = JSON.parse(args[0] ?? '{}') as ResourceSpec;
      const id = crypto.randomUUID();
      const slug = `test-${tag()}`;
      await db
        .insertInto('resources')
        .values({
          id,
          slug,
          name: spec.name ?? `Test machine ${slug.slice(5)}`,
          kind: spec.kind ?? 'fabrication',
          description: 'A machine made for one journey.',
          status: spec.outOfService ? 'out_of_service' : 'available',
          status_reason: spec.outOfService ?? '',
          equivalent_group: spec.equivalentGroup ?? '',
          approval_required: spec.approval ? 1 : 0,
          approval_questions: (spec.approval ?? []).join('\n'),
          induction_id: spec.induction ? await inductionId(spec.induction) : null,
          position: 1000,
          created_at: now(),
          updated_at: now(),
          ...rulesColumns({ ...OPEN_RULES, ...spec.rules }),
        })
        .execute();
      return JSON.stringify({ id, slug });
    }
    case 'induction': {
      const { name = 'Test induction', validMonths = null } = JSON.parse(args[0] ?? '{}') as {
        name?: string;
        validMonths?: number | null;
      };
      const id = crypto.randomUUID();
      const slug = `ind-${tag()}`;
      const fullName = `${name} ${slug.slice(4)}`;
      await db
        .insertInto('inductions')
        .values({ id, slug, name: fullName, valid_months: validMonths, created_at: now(), updated_at: now() })
        .execute();
      return JSON.stringify({ id, slug, name: fullName });
    }
    case 'inductor': {
      const [username, slug] = args as [string, string];
      await db
        .insertInto('inductors')
        .values({
          induction_id: await inductionId(slug),
          user_id: await userId(username),
          appointed_by: 'admin CLI',
          appointed_at: now(),
        })
        .execute();
      return 'ok';
    }
    case 'approver': {
      const [username, resourceSlug] = args as [string, string];
      const resource = await db
        .selectFrom('resources')
        .select('id')
        .where('slug', '=', resourceSlug)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('approvers')
        .values({
          resource_id: resource.id,
          user_id: await userId(username),
          appointed_by: 'admin CLI',
          appointed_at: now(),
        })
        .execute();
      return 'ok';
    }
    case 'request-due':
    case 'offer-due': {
      // A request's deadline, or an offer's end, brought to now: the running site's worker ends it
      // (its real job).
      const at = now();
      await db
        .updateTable('bookings')
        .set({ hold_until: at })
        .where('id', '=', args[0]!)
        .where('status', 'in', ['pending', 'offered'])
        .execute();
      await db
        .updateTable('jobs')
        .set({ run_at: at })
        .where('key', '=', `${kind === 'request-due' ? 'request-expire' : 'offer-lapse'}:${args[0]}`)
        .where('state', '=', 'queued')
        .execute();
      return 'ok';
    }
    case 'cancel': {
      // A member's booking cancelled as they would (the lifecycle: its freed time offered to the line).
      const row = await db
        .selectFrom('bookings')
        .select('user_id')
        .where('id', '=', args[0]!)
        .executeTakeFirstOrThrow();
      return (await cancelBooking(db, args[0]!, row.user_id!)).status;
    }
    case 'sign-off': {
      const [username, slug, expiresAt] = args as [string, string, string | undefined];
      await db
        .insertInto('member_inductions')
        .values({
          induction_id: await inductionId(slug),
          user_id: await userId(username),
          signed_off_by: 'admin CLI',
          signed_off_at: now(),
          expires_at: expiresAt ?? null,
        })
        .execute();
      return 'ok';
    }
    case 'book': {
      // A member's booking straight into the calendar (no rules checked; the database still refuses a clash).
      const [username, resourceSlug, startIso, minutes] = args as [string, string, string, string];
      const resource = await db
        .selectFrom('resources')
        .selectAll()
        .where('slug', '=', resourceSlug)
        .executeTakeFirstOrThrow();
      const start = new Date(startIso);
      const values = bookingRow({
        resourceId: resource.id,
        kind: 'booking',
        userId: await userId(username),
        start,
        end: new Date(start.getTime() + Number(minutes) * 60_000),
        bufferMinutes: resource.buffer_minutes,
        now: new Date(),
        // The resource's terms of now, as book() gives them.
        terms: termsOf(rulesOf(resource)),
      });
      await db.insertInto('bookings').values(values).execute();
      return values.id;
    }
    case 'strike': {
      // A strike ('no-show' or 'late-cancel') given at `at` (unwaived, counting 60 days from then).
      const [username, at, strikeKind = 'no-show'] = args as [
        string,
        string,
        'no-show' | 'late-cancel' | undefined,
      ];
      await db
        .insertInto('strikes')
        .values({
          id: crypto.randomUUID(),
          user_id: await userId(username),
          booking_id: null,
          kind: strikeKind,
          about: 'Test machine, an earlier booking',
          created_at: at,
          expires_at: new Date(Date.parse(at) + 60 * 86_400_000).toISOString(),
        })
        .execute();
      return 'ok';
    }
    case 'dead-job': {
      // A mail job that failed its 5 tries (as /admin/jobs shows one): to `to`, so a retry can be seen arriving.
      const [to] = args as [string];
      const id = crypto.randomUUID();
      await db
        .insertInto('jobs')
        .values({
          id,
          kind: 'mail',
          key: `mail:dead-letter:${to}`,
          payload: JSON.stringify({
            to,
            subject: 'Dead letter, sent again',
            text: 'This mail failed five times, then an admin retried it.',
            html: '<p>This mail failed five times, then an admin retried it.</p>',
          }),
          run_at: now(),
          state: 'dead',
          attempts: 5,
          last_error: 'Greeting never received',
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      return id;
    }
    case 'reminders-due': {
      // What the worker alone sends, made due now: a booking's reminders (queued by the booking
      // code, 25 hours ahead) on a machine then taken out of service, so they carry the heads-up,
      // and the expiry notices of a sign-off by the induction code. The running site sends them.
      const member = await userId(args[0]!);
      const admin = await newMember(db, 'signer');
      await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
      const resource = JSON.parse(await runFixtureCommand(['resource', '{"name":"Reminded Laser"}'])) as {
        id: string;
      };
      const induction = JSON.parse(
        await runFixtureCommand(['induction', '{"name":"Expiring induction","validMonths":1}']),
      ) as { id: string };
      const hour = 3_600_000;
      const start = new Date(Math.ceil(Date.now() / hour) * hour + 25 * hour);
      const booked = await book(db, {
        resourceId: resource.id,
        userId: member,
        start,
        minutes: 60,
        note: '',
      });
      if (booked.status !== 'booked') throw new Error(`booking refused: ${booked.status}`);
      await db
        .updateTable('resources')
        .set({ status: 'out_of_service', status_reason: 'Laser tube replaced', status_since: now() })
        .where('id', '=', resource.id)
        .execute();
      const signed = await signOff(
        db,
        { id: admin.id, username: admin.username, role: 'admin' },
        { inductionId: induction.id, userId: member, note: '' },
      );
      if (signed !== 'signed-off') throw new Error(`sign-off refused: ${signed}`);
      await db
        .updateTable('jobs')
        .set({ run_at: now() })
        .where('state', '=', 'queued')
        .where('subject', 'in', [`booking:${booked.booking.id}`, `induction:${induction.id}:${member}`])
        .execute();
      return 'ok';
    }
    case 'credits': {
      // A credit of the journey's own ('GPU tokens xxxxxx'), a machine that costs `perHour` of it, a
      // grant of `grant` to the member (expiring in `days`, or never), and with `book` a booking of
      // theirs made by book() itself, so it holds its cost as any booking does.
      const [username, specText] = args as [string, string | undefined];
      const spec = JSON.parse(specText ?? '{}') as {
        perHour?: number;
        grant?: number;
        days?: number | null;
        book?: { start: string; minutes: number };
        rules?: Partial<BookingRules>;
      };
      const member = await userId(username);
      const credit = await newCredit(db, { name: 'GPU tokens' });
      const resource = JSON.parse(
        await runFixtureCommand([
          'resource',
          JSON.stringify({ name: `GPU workstation ${tag()}`, rules: spec.rules }),
        ]),
      ) as { id: string; slug: string; name: string };
      await db
        .updateTable('resources')
        .set({ credit_id: credit.id, credits_per_hour: spec.perHour ?? 3 })
        .where('id', '=', resource.id)
        .execute();
      if (spec.grant)
        await granted(db, member, credit.id, spec.grant, {
          expiresAt: spec.days ? new Date(Date.now() + spec.days * 86_400_000) : null,
        });
      let bookingId: string | null = null;
      if (spec.book) {
        const booked = await book(db, {
          resourceId: resource.id,
          userId: member,
          start: new Date(spec.book.start),
          minutes: spec.book.minutes,
          note: '',
          // A start that has just passed (a booking to check in to now) is booked a minute before it.
          now: new Date(Math.min(Date.now(), Date.parse(spec.book.start) - 60_000)),
        });
        if (booked.status !== 'booked') throw new Error(`booking refused: ${JSON.stringify(booked)}`);
        bookingId = booked.booking.id;
      }
      const { name } = await db
        .selectFrom('resources')
        .select('name')
        .where('id', '=', resource.id)
        .executeTakeFirstOrThrow();
      return JSON.stringify({
        credit: credit.name,
        creditId: credit.id,
        slug: resource.slug,
        resource: name,
        bookingId,
      });
    }
    case 'settle': {
      // What the worker's 'credits-settle' job does for a booking that ran to its end, run now.
      return String(await settleEnded(db, args[0]!));
    }
    case 'credits-expiring': {
      // A grant to the member that expires in 3 days, and the notice housekeeping queues for it
      // (for every lot expiring within 7 days): the running site's worker sends it.
      const credit = await newCredit(db, { name: 'Expiring tokens' });
      await granted(db, await userId(args[0]!), credit.id, 5, {
        expiresAt: new Date(Date.now() + 3 * 86_400_000),
      });
      await queueExpiryNotices(db);
      return 'ok';
    }
    case 'member': {
      // A member written by the registration code and signed in by the sign-in code: its cookie.
      const member = await newMember(db, args[0] ?? 'fixture');
      const cookie = (await startSession(member.id, null)).headers.get('Set-Cookie')!.split(';')[0]!;
      return JSON.stringify({ ...member, cookie });
    }
    default:
      throw new Error(`unknown fixture ${kind}`);
  }
}
