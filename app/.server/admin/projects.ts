// The portfolio as admins edit it (/admin/projects): create, update and delete projects with their
// images and team, with the rules `project import` uses. Each change and its audit entry commit
// together; images a change leaves unused are removed after the commit.
import type { Kysely } from 'kysely';
import { deleteAsset, type PreparedAsset } from '../assets';
import { discardChoices, useFile } from '../store/asset-claims';
import { newProjectId, replaceTeam, teamMembers } from '../store/projects';
import type { Database } from '../db/schema';
import type { ProjectForm } from '~/lib/schemas';
import { slugify } from '~/lib/slug';
import { nowIso } from '~/lib/dates';
import { recordAudit, type Actor } from '../audit';

export interface ProjectImages {
  banner: PreparedAsset | null;
  logo: PreparedAsset | null;
}

export type ProjectSave =
  | { status: 'saved'; id: string; slug: string }
  | { status: 'invalid'; fieldErrors: Record<string, string[]> }
  | { status: 'not-found' };

/**
 * Creates a project (`projectId` null) or updates one. A slug another project has, or a team row
 * naming nobody or someone already listed, is an error next to that field, and nothing changes.
 */
export async function saveProject(
  db: Kysely<Database>,
  projectId: string | null,
  form: ProjectForm,
  images: ProjectImages,
  actor: Actor,
): Promise<ProjectSave> {
  const slug = form.slug ?? slugify(form.name);
  const rows = form.team.flatMap((row, index) =>
    row?.username ? [{ ...row, username: row.username, index }] : [],
  );
  const replaced: string[] = [];
  let outcome: ProjectSave;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<ProjectSave> => {
      const existing = projectId
        ? await trx
            .selectFrom('projects')
            .select(['id', 'banner_id', 'logo_id'])
            .where('id', '=', projectId)
            .executeTakeFirst()
        : null;
      if (projectId && !existing) return { status: 'not-found' };

      const fieldErrors: Record<string, string[]> = {};
      const sameSlug = await trx
        .selectFrom('projects')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (sameSlug && sameSlug.id !== projectId)
        fieldErrors[form.slug ? 'slug' : 'name'] = [`Another project has the address /portfolio/${slug}`];
      const team = await teamMembers(
        trx,
        rows.map((row) => row.username),
      );
      rows.forEach((row, i) => {
        if (!team.ids[i]) fieldErrors[`team[${row.index}].username`] = ['No member has this username'];
        else if (team.repeated.includes(i))
          fieldErrors[`team[${row.index}].username`] = ['This member is already on the team'];
      });
      if (Object.keys(fieldErrors).length) return { status: 'invalid', fieldErrors };

      const image = async (
        choice: PreparedAsset | null,
        remove: boolean,
        current: string | null,
        field: string,
      ) => {
        if (!choice && !remove) return current;
        if (current) replaced.push(current);
        return choice ? useFile(trx, choice, { id: null, field, kind: 'image' }) : null;
      };
      const now = nowIso();
      const values = {
        slug,
        name: form.name,
        description: form.description,
        url: form.url ?? '',
        featured: form.featured ? 1 : 0,
        tags: JSON.stringify(form.tags),
        banner_id: await image(images.banner, form.removeBanner, existing?.banner_id ?? null, 'banner'),
        logo_id: await image(images.logo, form.removeLogo, existing?.logo_id ?? null, 'logo'),
        updated_at: now,
      };
      const id = existing?.id ?? newProjectId();
      if (existing) await trx.updateTable('projects').set(values).where('id', '=', id).execute();
      else
        await trx
          .insertInto('projects')
          .values({ id, created_at: now, ...values })
          .execute();
      await replaceTeam(
        trx,
        id,
        rows.map((row, i) => ({ userId: team.ids[i]!, role: row.role })),
      );
      await recordAudit(trx, actor, {
        action: existing ? 'project.update' : 'project.create',
        target: `project ${slug}`,
        detail: form.name,
      });
      return { status: 'saved', id, slug };
    });
  } catch (error) {
    discardChoices(images.banner, images.logo);
    throw error;
  }
  if (outcome.status !== 'saved') {
    discardChoices(images.banner, images.logo);
    return outcome;
  }
  await removeUnusedImages(db, replaced);
  return outcome;
}

/** Deletes a project and its team (the members stay); null when there is no such project. */
export async function deleteProject(db: Kysely<Database>, projectId: string, actor: Actor) {
  const removed = await db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('projects')
      .select(['id', 'slug', 'name', 'banner_id', 'logo_id'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) return null;
    // Its team rows go with it (the foreign key cascades).
    await trx.deleteFrom('projects').where('id', '=', project.id).execute();
    await recordAudit(trx, actor, {
      action: 'project.delete',
      target: `project ${project.slug}`,
      detail: project.name,
    });
    return project;
  });
  if (!removed) return null;
  await removeUnusedImages(
    db,
    [removed.banner_id, removed.logo_id].filter((id): id is string => Boolean(id)),
  );
  return { name: removed.name };
}

/**
 * Removes images no project or member shows any more (`project import` reuses one file for
 * identical images, so a banner may be another project's too). A failure is left to the sweep.
 */
async function removeUnusedImages(db: Kysely<Database>, ids: string[]) {
  for (const id of new Set(ids)) {
    const [project, user] = await Promise.all([
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
    if (!project && !user)
      await deleteAsset(db, id).catch((error) => console.error(`Removing unused image ${id} failed:`, error));
  }
}
