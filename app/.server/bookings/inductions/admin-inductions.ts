// Inductions as admins run them (/admin/inductions, docs/product.md §10): create and edit one, and
// see who may sign members off for it and who holds it. Naming inductors, signing off and revoking
// are app/.server/bookings/inductions/inductions.ts's (the /inductions page for inductors uses them too).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toInduction, upcomingNeeding } from './inductions';
import { writeTransaction } from '../core/rows';
import type { InductionForm } from '~/lib/bookings/schemas';
import { slugify } from '~/lib/slug';
import { recordAudit, type Actor } from '../../audit';

export type InductionSave =
  | { status: 'saved'; id: string; slug: string }
  | { status: 'invalid'; fieldErrors: Record<string, string[]> }
  | { status: 'not-found' };

/**
 * Creates an induction (its slug made from the name, kept on later renames) or updates one. A name
 * another induction has is an error next to it. Changing how long it is valid changes no sign-off
 * already made: each keeps the expiry it was given.
 */
export async function saveInduction(
  db: Kysely<Database>,
  inductionId: string | null,
  form: InductionForm,
  actor: Actor,
): Promise<InductionSave> {
  return writeTransaction(db, async (trx): Promise<InductionSave> => {
    const existing = inductionId
      ? await trx
          .selectFrom('inductions')
          .select(['id', 'slug'])
          .where('id', '=', inductionId)
          .executeTakeFirst()
      : null;
    if (inductionId && !existing) return { status: 'not-found' };
    const slug = existing?.slug ?? slugify(form.name);
    const clash = await trx
      .selectFrom('inductions')
      .select('id')
      .where((eb) => eb.or([eb('name', '=', form.name), eb('slug', '=', slug)]))
      .where('id', '!=', existing?.id ?? '')
      .executeTakeFirst();
    if (clash) return { status: 'invalid', fieldErrors: { name: ['Another induction has this name'] } };
    const now = new Date().toISOString();
    const values = {
      name: form.name,
      description: form.description,
      valid_months: form.validMonths ?? null,
      updated_at: now,
    };
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) await trx.updateTable('inductions').set(values).where('id', '=', id).execute();
    else
      await trx
        .insertInto('inductions')
        .values({ id, slug, created_at: now, ...values })
        .execute();
    await recordAudit(trx, actor, {
      action: existing ? 'induction.update' : 'induction.create',
      target: `induction ${slug}`,
      detail: form.name,
    });
    return { status: 'saved', id, slug };
  });
}

/** Every induction with how many hold it now, name its inductors, and gate resources. */
export async function adminInductionList(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('inductions')
    .selectAll('inductions')
    .select((eb) => [
      eb
        .selectFrom('member_inductions')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('member_inductions.induction_id', '=', 'inductions.id')
        .where('member_inductions.revoked_at', 'is', null)
        .where((sub) =>
          sub.or([
            sub('member_inductions.expires_at', 'is', null),
            sub('member_inductions.expires_at', '>', at),
          ]),
        )
        .as('holders'),
      eb
        .selectFrom('inductors')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('inductors.induction_id', '=', 'inductions.id')
        .as('inductors'),
      eb
        .selectFrom('resources')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('resources.induction_id', '=', 'inductions.id')
        .as('resources'),
    ])
    .orderBy('inductions.name')
    .execute();
  return rows.map((row) => ({
    ...toInduction(row),
    holders: Number(row.holders ?? 0),
    inductors: Number(row.inductors ?? 0),
    resources: Number(row.resources ?? 0),
  }));
}

/** One induction as its admin page shows it: inductors, members signed off (revoked ones too), resources. */
export async function inductionForAdmin(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('inductions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [inductors, holders, resources, upcoming] = await Promise.all([
    db
      .selectFrom('inductors')
      .innerJoin('users', 'users.id', 'inductors.user_id')
      .select([
        'users.id',
        'users.username',
        'users.fullname',
        'inductors.appointed_by',
        'inductors.appointed_at',
      ])
      .where('inductors.induction_id', '=', id)
      .orderBy('users.username_key')
      .execute(),
    db
      .selectFrom('member_inductions')
      .innerJoin('users', 'users.id', 'member_inductions.user_id')
      .select([
        'users.id',
        'users.username',
        'users.fullname',
        'member_inductions.signed_off_by',
        'member_inductions.signed_off_at',
        'member_inductions.note',
        'member_inductions.expires_at',
        'member_inductions.revoked_at',
        'member_inductions.revoked_by',
        'member_inductions.revoke_reason',
      ])
      .where('member_inductions.induction_id', '=', id)
      .orderBy('users.username_key')
      .execute(),
    db
      .selectFrom('resources')
      .select(['slug', 'name'])
      .where('induction_id', '=', id)
      .orderBy('name')
      .execute(),
    upcomingNeeding(db, [id], new Date()),
  ]);
  return {
    induction: toInduction(row),
    inductors: inductors.map((inductor) => ({
      id: inductor.id,
      username: inductor.username,
      fullname: inductor.fullname,
      appointedBy: inductor.appointed_by,
      appointedAt: inductor.appointed_at,
    })),
    holders: holders.map((holder) => ({
      id: holder.id,
      username: holder.username,
      fullname: holder.fullname,
      signedOffBy: holder.signed_off_by,
      signedOffAt: holder.signed_off_at,
      note: holder.note,
      expiresAt: holder.expires_at,
      revokedAt: holder.revoked_at,
      revokedBy: holder.revoked_by,
      revokeReason: holder.revoke_reason,
      /** upcoming bookings that need it: what a revocation would touch */
      upcoming: upcoming(id, holder.id),
    })),
    resources,
  };
}
