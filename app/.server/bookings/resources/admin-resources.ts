// The lab's resources as admins run them (/admin/resources, docs/product.md §10): create and edit a
// resource with its rules, block time for maintenance, book for a member past the rules. Each
// change and its audit entry commit in one transaction. Maintenance blocks are rows of `bookings`
// (kind 'maintenance'), so the database keeps them and members' bookings from ever overlapping
// (docs/decisions/024-bookings-never-clash.md): a block over a booking is refused, or cancels it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { deleteAsset, type PreparedAsset } from '../../assets';
import { discardChoices, useFile } from '../../store/asset-claims';
import type { Database } from '../../db/schema';
import { book, type BookOutcome } from '../core/book';
import { transition } from '../core/lifecycle';
import {
  bookingRow,
  isClash,
  lockResource,
  questionsOf,
  rulesColumns,
  selectBookings,
  selectResources,
  toBooking,
  toResource,
  writeTransaction,
} from '../core/rows';
import { HOLDING, isOpen, OPEN, type Booking, type Resource } from '~/lib/bookings/models';
import { resourceSlug, rulesFromForm, type ResourceForm } from '~/lib/bookings/schemas';
import { resourceChangesText, type ResourceSnapshot } from '~/lib/bookings/resource-changes';
import { costText } from '~/lib/bookings/credits';
import { instantText } from '~/lib/bookings/format';
import { toCredit } from '../standing/credits';
import { epochMinutes } from '~/lib/bookings/time';
import { actorName, recordAudit, type Actor } from '../../audit';
import { userByUsername } from '../../store/usernames';
import { queueOutOfService } from '../notify/mail';
import { selectTouched, toTouched } from '../core/touched';

/** Members' upcoming bookings of a resource taken out of service, cancelled with it or standing. */
export interface OutOfService {
  resource: string;
  reason: string;
  bookings: StandingBooking[];
  cancelled: boolean;
}

export type ResourceSave =
  | { status: 'saved'; id: string; slug: string; outOfService: OutOfService | null }
  | { status: 'invalid'; fieldErrors: Record<string, string[]> }
  | { status: 'not-found' };

export async function resourceById(db: Kysely<Database>, id: string): Promise<Resource | null> {
  const row = await selectResources(db).where('resources.id', '=', id).executeTakeFirst();
  return row ? toResource(row) : null;
}

/**
 * Creates a resource (`resourceId` null) or updates one, with its photo (`photo`: a new one;
 * `removePhoto`: none). A slug another resource has, or an induction that does not exist, is an
 * error next to its field, and nothing changes.
 */
export async function saveResource(
  db: Kysely<Database>,
  resourceId: string | null,
  form: ResourceForm,
  photo: { choice: PreparedAsset | null; remove: boolean },
  actor: Actor,
): Promise<ResourceSave> {
  const slug = resourceSlug(form);
  let replaced: string | null = null;
  let outcome: ResourceSave;
  try {
    // The write lock from the start: a deferred SQLite transaction that read first fails when it comes to write.
    outcome = await writeTransaction(db, async (trx): Promise<ResourceSave> => {
      // Bookings wait while it changes: one made now comes before (and is listed) or meets the status.
      if (resourceId) await lockResource(trx, resourceId);
      const existingRow = resourceId
        ? await selectResources(trx).where('resources.id', '=', resourceId).executeTakeFirst()
        : null;
      // As it was, for the audit entry's 'old → new'.
      const before = existingRow ? toResource(existingRow) : null;
      const existing = existingRow
        ? { id: existingRow.id, photo_id: existingRow.photo_id, status: existingRow.status }
        : null;
      if (resourceId && !existing) return { status: 'not-found' };
      const fieldErrors: Record<string, string[]> = {};
      const sameSlug = await trx
        .selectFrom('resources')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (sameSlug && sameSlug.id !== resourceId)
        fieldErrors[form.slug ? 'slug' : 'name'] = [`Another resource has the address /resources/${slug}`];
      const induction = form.induction
        ? await trx
            .selectFrom('inductions')
            .select('name')
            .where('id', '=', form.induction)
            .executeTakeFirst()
        : null;
      if (form.induction && !induction) fieldErrors.induction = ['Choose an induction from the list'];
      const credit = form.creditId
        ? await trx.selectFrom('credits').selectAll().where('id', '=', form.creditId).executeTakeFirst()
        : null;
      if (form.creditId && !credit) fieldErrors.creditId = ['Choose a credit from the list'];
      if (Object.keys(fieldErrors).length) return { status: 'invalid', fieldErrors };

      let photoId = existing?.photo_id ?? null;
      if (photo.choice || photo.remove) {
        replaced = photoId;
        photoId = photo.choice
          ? await useFile(trx, photo.choice, { id: null, field: 'photo', kind: 'image' })
          : null;
      }
      const now = new Date().toISOString();
      const values = {
        slug,
        name: form.name,
        kind: form.kind,
        description: form.description,
        photo_id: photoId,
        status: form.status,
        status_reason: form.status === 'out_of_service' ? (form.statusReason ?? '') : '',
        // kept while it stays out of service: the reminders say since when
        status_since:
          form.status !== 'out_of_service' ? null : existing?.status === 'out_of_service' ? undefined : now,
        induction_id: form.induction || null,
        equivalent_group: form.equivalentGroup,
        approval_required: form.approvalRequired ? 1 : 0,
        approval_questions: questionsOf(form.approvalQuestions).join('\n'),
        credit_id: credit ? credit.id : null,
        credits_per_hour: credit ? (form.creditsPerHour ?? 0) : 0,
        ...rulesColumns(rulesFromForm(form)),
        updated_at: now,
      };
      const id = existing?.id ?? crypto.randomUUID();
      if (existing) await trx.updateTable('resources').set(values).where('id', '=', id).execute();
      else {
        const last = await trx
          .selectFrom('resources')
          .select((eb) => eb.fn.max('position').as('position'))
          .executeTakeFirst();
        await trx
          .insertInto('resources')
          .values({ id, created_at: now, position: Number(last?.position ?? 0) + 1, ...values })
          .execute();
      }
      await recordAudit(trx, actor, {
        action: before ? 'resource.update' : 'resource.create',
        target: `resource ${slug}`,
        // What changed, old → new in words; a new one by its name.
        detail: before
          ? resourceChangesText(snapshotOf(before), {
              ...values,
              photoId,
              statusReason: values.status_reason,
              equivalentGroup: values.equivalent_group,
              approval: form.approvalRequired ? { questions: questionsOf(form.approvalQuestions) } : null,
              induction: induction?.name ?? null,
              cost: credit ? costText({ credit: toCredit(credit), perHour: form.creditsPerHour ?? 0 }) : null,
              rules: rulesFromForm(form),
            })
          : form.name,
      });
      const outOfService =
        existing && form.status === 'out_of_service'
          ? await bookingsOutOfService(trx, id, {
              resource: form.name,
              reason: form.statusReason ?? '',
              // Members are told when it goes out of service, and again only of what is cancelled.
              newly: existing.status !== 'out_of_service',
              alsoCancel: form.alsoCancel,
              actor,
            })
          : null;
      return { status: 'saved', id, slug, outOfService };
    });
  } catch (error) {
    discardChoices(photo.choice);
    throw error;
  }
  if (outcome.status !== 'saved') {
    discardChoices(photo.choice);
    return outcome;
  }
  if (replaced) await removeUnusedPhoto(db, replaced);
  return outcome;
}

/** A saved resource as its form sets it: the upcoming limit as typed (null: the lab's default). */
const snapshotOf = (resource: Resource): ResourceSnapshot => ({
  ...resource,
  photoId: resource.photo?.id ?? null,
  induction: resource.induction?.name ?? null,
  cost: resource.cost && costText(resource.cost),
  rules: { ...resource.rules, maxUpcoming: resource.ownMaxUpcoming },
});

/**
 * The upcoming bookings of a resource going out of service, cancelled (and audited) when
 * `alsoCancel`; each member with some is mailed once, with all of theirs. Null when there is
 * nobody to tell.
 */
async function bookingsOutOfService(
  trx: Kysely<Database>,
  resourceId: string,
  change: { resource: string; reason: string; newly: boolean; alsoCancel: boolean; actor: Actor },
  now = new Date(),
): Promise<OutOfService | null> {
  const upcoming = (await activeRowsIn(trx, resourceId, now, FAR_FUTURE)).bookings.filter(
    (row) => isOpen(row.booking) && row.booking.end > now.toISOString(),
  );
  if (!upcoming.length || (!change.newly && !change.alsoCancel)) return null;
  const { resource, reason, alsoCancel } = change;
  const cancelled = alsoCancel
    ? await cancelForReason(trx, upcoming, {
        reason: `Out of service: ${reason}`,
        actor: change.actor,
        now,
        // Each member hears of all theirs in one mail, below.
        notify: false,
      })
    : [];
  // Each as it is now: one someone is checked in to was not cancelled, and its member hears so.
  const bookings = upcoming.map((row) => cancelled.find((each) => each.booking.id === row.booking.id) ?? row);
  const byMember = new Map<string, Booking[]>();
  for (const { member, booking } of bookings)
    byMember.set(member.email, [...(byMember.get(member.email) ?? []), booking]);
  for (const [email, theirs] of byMember)
    await queueOutOfService(trx, email, { resource, reason, bookings: theirs, at: now.toISOString() });
  return { resource, reason, bookings, cancelled: alsoCancel };
}

/**
 * Cancels members' bookings for the lab in `trx` (each audited, and mailed unless `notify` is
 * false); what comes back is the ones it cancelled. One another request cancelled first, or
 * someone checked in to, is left out: nobody is told, or audited, of a cancellation that did not
 * happen here.
 */
async function cancelForReason(
  trx: Kysely<Database>,
  rows: StandingBooking[],
  change: { reason: string; actor: Actor; now: Date; notify?: boolean },
): Promise<StandingBooking[]> {
  const cancelled = await transition(
    trx,
    {
      to: 'cancelled',
      bookingIds: rows.map((row) => row.booking.id),
      by: { actor: change.actor, reason: change.reason },
      notify: change.notify,
    },
    change.now,
  );
  return rows.flatMap((row) => {
    const booking = cancelled.find((each) => each.id === row.booking.id);
    return booking ? [{ member: row.member, booking }] : [];
  });
}

/** Most bookings the edit page lists by name; the rest are counted. */
export const TOUCHED_LISTED = 50;

/**
 * Members' bookings of a resource that have not ended, soonest first: what taking it out of
 * service touches, listed on its edit page (the first TOUCHED_LISTED) with how many there are.
 */
export async function upcomingOfResource(db: Kysely<Database>, resourceId: string, now = new Date()) {
  const [listed, total] = await Promise.all([
    selectTouched(db, now).where('bookings.resource_id', '=', resourceId).limit(TOUCHED_LISTED).execute(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('resource_id', '=', resourceId)
      .where('kind', '=', 'booking')
      .where('status', 'in', OPEN)
      .where('ends_at', '>', now.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return { bookings: listed.map(toTouched), total: Number(total.count) };
}

/** Past every booking's end: an upcoming booking is any that has not ended by `now`. */
const FAR_FUTURE = new Date('2999-12-31T00:00:00Z');

/** Deletes a replaced photo unless another resource, project or member shows it. */
async function removeUnusedPhoto(db: Kysely<Database>, id: string) {
  const [resource, project, user] = await Promise.all([
    db.selectFrom('resources').select('id').where('photo_id', '=', id).executeTakeFirst(),
    db
      .selectFrom('projects')
      .select('id')
      .where((eb) => eb.or([eb('banner_id', '=', id), eb('logo_id', '=', id)]))
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('avatar_id', '=', id), eb('banner_id', '=', id)]))
      .executeTakeFirst(),
  ]);
  if (!resource && !project && !user)
    await deleteAsset(db, id).catch((error) => console.error(`Removing unused photo ${id} failed:`, error));
}

/** A member's booking in the way of a maintenance block, with who to tell. */
export interface StandingBooking {
  booking: Booking;
  member: { username: string; email: string };
}

export type MaintenanceOutcome =
  | { status: 'added'; block: Booking; cancelled: StandingBooking[] }
  /** members' bookings stand in that time (and 'Also cancel' was not ticked, or one came in a race) */
  | { status: 'bookings-stand'; bookings: StandingBooking[] }
  /** bookings in that time were used (checked in, out, or released): never cancelled; free from `from` */
  | { status: 'in-use'; bookings: StandingBooking[]; from: string }
  | { status: 'blocked'; blocks: Booking[] }
  | { status: 'not-found' };

/** Rows of a resource that hold its time (HOLDING) and overlap [start, end). */
async function activeRowsIn(trx: Kysely<Database>, resourceId: string, start: Date, end: Date) {
  const rows = await selectBookings(trx)
    .leftJoin('users', 'users.id', 'bookings.user_id')
    .select(['users.username', 'users.email'])
    .where('bookings.resource_id', '=', resourceId)
    .where('bookings.status', 'in', HOLDING)
    .where('bookings.block_start', '<', epochMinutes(end))
    .where('bookings.block_end', '>', epochMinutes(start))
    .orderBy('bookings.starts_at')
    .execute();
  const members = rows.filter((row) => row.kind === 'booking');
  const standing = (row: (typeof rows)[number]) => ({
    booking: toBooking(row),
    member: { username: row.username ?? '', email: row.email ?? '' },
  });
  const used = members.filter((row) => row.status !== 'active');
  return {
    bookings: members.map(standing),
    /** used or in use: what a block may not cancel, and the minute the last of them stops holding */
    used: used.map(standing),
    usedUntil: used.length ? new Date(Math.max(...used.map((row) => row.block_end)) * 60_000) : null,
    blocks: rows.filter((row) => row.kind === 'maintenance').map(toBooking),
  };
}

/**
 * Blocks [start, end) of a resource for maintenance. Refused while members' bookings stand in that
 * time, unless `alsoCancel`: then they are cancelled in the same transaction (the caller mails
 * their members after it commits). Bookings wait for the resource's lock it holds; a row written
 * some other way in the same instant is still caught by the database.
 */
export async function addMaintenance(
  db: Kysely<Database>,
  resourceId: string,
  input: { start: Date; end: Date; reason: string; alsoCancel: boolean },
  actor: Actor,
  now = new Date(),
): Promise<MaintenanceOutcome> {
  try {
    return await writeTransaction(db, async (trx): Promise<MaintenanceOutcome> => {
      // No booking comes in between the look at what stands and the block's insert: what it
      // cancels is what stands when it commits.
      await lockResource(trx, resourceId);
      const resource = await trx
        .selectFrom('resources')
        .select(['id', 'name', 'slug'])
        .where('id', '=', resourceId)
        .executeTakeFirst();
      if (!resource) return { status: 'not-found' };
      const standing = await activeRowsIn(trx, resourceId, input.start, input.end);
      if (standing.blocks.length) return { status: 'blocked', blocks: standing.blocks };
      // A member checked in is at the machine: staff speak to them, a block does not end their
      // session. Time already used (checked out, released) is history, not to be cancelled.
      if (standing.usedUntil)
        return { status: 'in-use', bookings: standing.used, from: standing.usedUntil.toISOString() };
      if (standing.bookings.length && !input.alsoCancel)
        return { status: 'bookings-stand', bookings: standing.bookings };
      const cancelled = await cancelForReason(trx, standing.bookings, {
        reason: input.reason,
        actor,
        now,
      });
      const [block] = await transition(
        trx,
        {
          to: 'booked',
          row: bookingRow({
            resourceId,
            kind: 'maintenance',
            userId: null,
            start: input.start,
            end: input.end,
            bufferMinutes: 0,
            bookedBy: actorName(actor),
            reason: input.reason,
            now,
          }),
          by: { actor, reason: input.reason },
        },
        now,
      );
      return { status: 'added', block, cancelled };
    });
  } catch (error) {
    if (!isClash(error)) throw error;
    // A booking came in between our look and our insert: the database refused the block.
    const standing = await activeRowsIn(db, resourceId, input.start, input.end);
    if (standing.blocks.length) return { status: 'blocked', blocks: standing.blocks };
    // e.g. the member checked in while 'Also cancel' was cancelling their booking
    if (standing.usedUntil)
      return { status: 'in-use', bookings: standing.used, from: standing.usedUntil.toISOString() };
    return { status: 'bookings-stand', bookings: standing.bookings };
  }
}

/** The resource's maintenance blocks that have not ended, soonest first. */
export async function upcomingMaintenance(db: Kysely<Database>, resourceId: string, now = new Date()) {
  const rows = await selectBookings(db)
    .where('bookings.resource_id', '=', resourceId)
    .where('bookings.kind', '=', 'maintenance')
    .where('bookings.status', '=', 'active')
    .where('bookings.ends_at', '>', now.toISOString())
    .orderBy('bookings.starts_at')
    .execute();
  return rows.map(toBooking);
}

/** Removes (cancels) a maintenance block of the resource; false when there is no such active block. */
export async function removeMaintenance(
  db: Kysely<Database>,
  resourceId: string,
  blockId: string,
  actor: Actor,
  now = new Date(),
) {
  return writeTransaction(db, async (trx) => {
    const block = await selectBookings(trx)
      .where('bookings.id', '=', blockId)
      .where('bookings.resource_id', '=', resourceId)
      .where('bookings.kind', '=', 'maintenance')
      .where('bookings.status', '=', 'active')
      .executeTakeFirst();
    if (!block) return false;
    await transition(trx, { to: 'cancelled', bookingIds: [block.id], by: { actor, reason: '' } }, now);
    return true;
  });
}

export type ShortenOutcome =
  | { status: 'shortened'; block: Booking }
  /** the new end is not inside the block, or has passed: why, for the field */
  | { status: 'refused'; message: string }
  | { status: 'not-found' };

/**
 * Ends a maintenance block early ('End early': the machine was ready sooner) at `end`, inside the
 * block and not in the past. One guarded update on the end it read (of two admins at once, one
 * shortens it; the other is refused); the lifecycle audits it and offers the time it frees to the
 * waiting list. An unknown block, another resource's, a removed or an ended one: 'not-found'.
 */
export async function shortenMaintenance(
  db: Kysely<Database>,
  resourceId: string,
  input: { blockId: string; end: Date },
  actor: Actor,
  now = new Date(),
): Promise<ShortenOutcome> {
  return writeTransaction(db, async (trx): Promise<ShortenOutcome> => {
    const row = await selectBookings(trx)
      .where('bookings.id', '=', input.blockId)
      .where('bookings.resource_id', '=', resourceId)
      .where('bookings.kind', '=', 'maintenance')
      .where('bookings.status', '=', 'active')
      // One that has ended is not on the page any more: 'removed or has ended', like a removed one.
      .where('bookings.ends_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row) return { status: 'not-found' };
    const block = toBooking(row);
    const refusal = shortenRefusal(block, input.end, now);
    if (refusal) return { status: 'refused', message: refusal };
    const [shortened] = await transition(
      trx,
      {
        to: 'shortened',
        bookingId: block.id,
        end: input.end,
        was: { start: block.start, end: block.end },
        by: { actor, reason: block.reason },
      },
      now,
    );
    // Another admin shortened or removed it first: say what it is now.
    if (!shortened)
      return { status: 'refused', message: 'Someone else changed this block first: look again.' };
    return { status: 'shortened', block: shortened };
  });
}

/** Why `end` cannot be a block's new end, or null. */
function shortenRefusal(block: Booking, end: Date, now: Date) {
  if (end.getTime() >= Date.parse(block.end))
    return `End it before ${instantText(block.end)}, when it ends now.`;
  if (end.getTime() <= Date.parse(block.start)) return 'The end must be after the start';
  if (end.getTime() <= now.getTime()) return 'That time has passed.';
  return null;
}

/**
 * Books for a member past their limits, never past a clash, the past, or (without `override`) a
 * missing induction or an out-of-service resource (book() decides and records the audit entry in
 * its transaction). The member's address comes back for the confirmation mail.
 */
export async function bookForMember(
  db: Kysely<Database>,
  resourceId: string,
  input: { username: string; start: Date; minutes: number; note: string; reason: string; override?: boolean },
  actor: Actor,
): Promise<{ status: 'unknown-member' } | (BookOutcome & { email: string })> {
  const member = await userByUsername(db, input.username).select(['id', 'email']).executeTakeFirst();
  if (!member) return { status: 'unknown-member' };
  const outcome = await book(db, {
    resourceId,
    userId: member.id,
    start: input.start,
    minutes: input.minutes,
    note: input.note,
    onBehalf: { actor, reason: input.reason, override: input.override },
  });
  return { ...outcome, email: member.email };
}

/** The credits a resource may cost, for its form's 'Costs'. */
export const creditChoices = (db: Kysely<Database>) =>
  db.selectFrom('credits').select(['id', 'name', 'unit']).orderBy('name').execute();
