// Rows the server-code tests need, written through the same code the site uses (createMember,
// createInvite) or, for a stored file's row, as the upload pipeline leaves it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createMember } from '../../app/.server/store/accounts';
import { createInvite } from '../../app/.server/store/invites';
import type { Database } from '../../app/.server/db/schema';
import { nowIso } from '../../app/lib/dates';
import { rulesColumns } from '../../app/.server/bookings/core/rows';
import { book } from '../../app/.server/bookings/core/book';
import { addLot } from '../../app/.server/bookings/standing/credits';
import type { BookingRules } from '../../app/lib/bookings/rules';

/** A new member with a unique `{prefix}_xxxxxx` username and that name's e-mail. */
export async function newMember(
  db: Kysely<Database>,
  prefix: string,
  { uid = crypto.randomUUID(), fullname = 'Test Member' }: { uid?: string; fullname?: string } = {},
) {
  const username = `${prefix}_${crypto.randomBytes(3).toString('hex')}`;
  const email = `${username}@example.ie`;
  const id = await createMember(db, {
    uid,
    email,
    username,
    fullname,
    bio: '',
    qualifications: [],
    avatarId: null,
    bannerId: null,
    inviteKey: await createInvite(db, {}, 'cli'),
  });
  return { id, username, email, uid };
}

/** An asset row (its files are not needed by the tests that use it); its id. */
export async function storedAsset(
  db: Kysely<Database>,
  {
    owner = null,
    filename = 'b.png',
    image = true,
  }: { owner?: string | null; filename?: string; image?: boolean } = {},
) {
  const id = crypto.randomBytes(16).toString('hex');
  await db
    .insertInto('assets')
    .values({
      id,
      owner_id: owner,
      filename,
      mime_type: image ? 'image/png' : 'application/octet-stream',
      size: 1,
      sha256: id,
      width: image ? 1 : null,
      height: image ? 1 : null,
      variants: '[]',
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** The rules of a test resource: 30-minute slots, any time, no limits unless a test sets them. */
export const OPEN_RULES: BookingRules = {
  slotMinutes: 30,
  minMinutes: 30,
  maxMinutes: 240,
  bufferMinutes: 0,
  hours: 'any',
  noticeMinutes: 0,
  horizonDays: 14,
  cancelCutoffMinutes: 0,
  maxUpcoming: null,
  maxWeekMinutes: null,
};

/** A bookable resource with `rules` (OPEN_RULES by default) and, when named, the induction it needs. */
export async function newResource(
  db: Kysely<Database>,
  {
    rules = {},
    induction = null,
    name = 'Test Printer',
    cost = null,
    equivalentGroup = '',
    approval = null,
  }: {
    rules?: Partial<BookingRules>;
    induction?: string | null;
    name?: string;
    /** what a booking costs: `perHour` of the credit `creditId` */
    cost?: { creditId: string; perHour: number } | null;
    /** machines of one group are equivalents ('Find the next free time' searches them all) */
    equivalentGroup?: string;
    /** a booking is a request an approver decides, after these questions */
    approval?: string[] | null;
  } = {},
) {
  const id = crypto.randomUUID();
  const slug = `res-${crypto.randomBytes(4).toString('hex')}`;
  await db
    .insertInto('resources')
    .values({
      id,
      slug,
      name,
      kind: 'fabrication',
      induction_id: induction,
      credit_id: cost?.creditId ?? null,
      credits_per_hour: cost?.perHour ?? 0,
      equivalent_group: equivalentGroup,
      approval_required: approval ? 1 : 0,
      approval_questions: (approval ?? []).join('\n'),
      created_at: nowIso(),
      updated_at: nowIso(),
      ...rulesColumns({ ...OPEN_RULES, ...rules }),
    })
    .execute();
  return { id, slug };
}

/** An induction (valid for `validMonths`, or for ever); its id. */
export async function newInduction(
  db: Kysely<Database>,
  { name = 'Test induction', validMonths = null as number | null } = {},
) {
  const id = crypto.randomUUID();
  const tag = crypto.randomBytes(4).toString('hex');
  await db
    .insertInto('inductions')
    .values({
      id,
      slug: `ind-${tag}`,
      name: `${name} ${tag}`,
      valid_months: validMonths,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return { id, slug: `ind-${tag}`, name: `${name} ${tag}` };
}

/** A whole hour (UTC) `days` from now: far enough for a resource's notice, within its horizon. */
export const hourAhead = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

/** `minutes` after `start`. */
export const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** A member's booking made by book() itself (every rule, no rate limit: a test books many); the booking. */
export async function bookedBy(
  db: Kysely<Database>,
  resourceId: string,
  userId: string,
  start: Date,
  minutes = 60,
) {
  const outcome = await book(db, { resourceId, userId, start, minutes, note: '' });
  if (outcome.status !== 'booked') throw new Error(JSON.stringify(outcome));
  return outcome.booking;
}

/** A credit ('Test tokens xxxx', unit 'token') with a monthly allowance (none by default). */
export async function newCredit(db: Kysely<Database>, { allowance = 0, name = 'Test tokens' } = {}) {
  const id = crypto.randomUUID();
  const credit = {
    id,
    name: `${name} ${crypto.randomBytes(3).toString('hex')}`,
    unit: 'token',
    monthly_allowance: allowance,
    created_at: nowIso(),
    updated_at: nowIso(),
  };
  await db.insertInto('credits').values(credit).execute();
  return { id, name: credit.name, unit: credit.unit, monthlyAllowance: allowance };
}

/** A grant of `amount` to a member, through the ledger's own addLot (never expiring by default); the lot's id. */
export async function granted(
  db: Kysely<Database>,
  userId: string,
  creditId: string,
  amount: number,
  { expiresAt = null as Date | null, now = new Date() } = {},
) {
  const id = await addLot(db, {
    creditId,
    userId,
    source: 'grant',
    amount,
    expiresAt,
    reason: 'test grant',
    actor: 'admin CLI',
    now,
  });
  return id!;
}
