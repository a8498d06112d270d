// `admin project import FILE.json` (docs/architecture.md §5): upsert projects by slug, all or nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../audit';
import type { Database } from '../db/schema';
import { findAssetByContent, prepareAsset, type PreparedAsset } from '../assets';
import { newProjectId, replaceTeam, teamMembers } from './projects';
import { PROJECT_LIMITS, PROJECT_SLUG } from '~/lib/projects';
import { websiteField } from '~/lib/schemas';
import { nowIso } from '~/lib/dates';

export class ImportError extends Error {}

// The rules are PROJECT_LIMITS and PROJECT_SLUG, which the admin's project form checks too.
const ProjectEntry = z
  .object({
    slug: z
      .string()
      .max(PROJECT_LIMITS.slug)
      .regex(PROJECT_SLUG, 'must be lower-case letters, digits and hyphens'),
    name: z.string().trim().min(1, 'is required').max(PROJECT_LIMITS.name),
    description: z.string().max(PROJECT_LIMITS.description).default(''),
    url: websiteField('must be a full URL', 'must start with http:// or https://').default(''),
    featured: z.boolean().default(false),
    tags: z.array(z.string().trim().min(1).max(PROJECT_LIMITS.tag)).max(PROJECT_LIMITS.tags).default([]),
    banner: z.string().min(1).optional(),
    logo: z.string().min(1).optional(),
    members: z
      .array(
        z
          .object({ username: z.string().min(1), role: z.string().max(PROJECT_LIMITS.role).default('') })
          .strict(),
      )
      .max(PROJECT_LIMITS.team)
      .default([]),
  })
  .strict();

const ImportFile = z.array(ProjectEntry).superRefine((projects, ctx) => {
  const seen = new Set<string>();
  projects.forEach((project, index) => {
    if (seen.has(project.slug))
      ctx.addIssue({ code: 'custom', path: [index, 'slug'], message: 'is repeated' });
    seen.add(project.slug);
  });
});

export type ProjectImport = z.infer<typeof ImportFile>;

function readImportFile(file: string): ProjectImport {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ImportError(`cannot read ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${path.basename(file)} is not valid JSON (${(error as Error).message})`);
  }
  const result = ImportFile.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue.path.length
      ? issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')
      : '';
    throw new ImportError(`projects${where} ${issue.message.replace(/^./, (c) => c.toLowerCase())}`);
  }
  return result.data;
}

/**
 * Imports projects from a JSON file whose image paths are relative to the file. Each project created
 * or updated gets an audit entry by the admin CLI, in the same transaction, as the pages write one.
 */
export async function importProjectsFile(db: Kysely<Database>, file: string) {
  const projects = readImportFile(file);
  const baseDir = path.dirname(path.resolve(file));
  const prepared: PreparedAsset[] = [];

  async function imageId(relative: string | undefined, label: string): Promise<string | null> {
    if (!relative) return null;
    const full = path.resolve(baseDir, relative);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(full);
    } catch {
      throw new ImportError(`${label}: image file ${relative} not found`);
    }
    const existing = await findAssetByContent(db, bytes, path.basename(full), null);
    if (existing) return existing.id;
    try {
      const asset = await prepareAsset({
        bytes,
        filename: path.basename(full),
        ownerId: null,
        kind: 'image',
      });
      prepared.push(asset);
      return asset.row.id;
    } catch (error) {
      throw new ImportError(`${label}: ${relative}: ${(error as Error).message}`);
    }
  }

  try {
    const images: { banner: string | null; logo: string | null }[] = [];
    for (const project of projects) {
      images.push({
        banner: await imageId(project.banner, `project "${project.slug}" banner`),
        logo: await imageId(project.logo, `project "${project.slug}" logo`),
      });
    }
    return await db.transaction().execute(async (trx) => {
      for (const asset of prepared) await trx.insertInto('assets').values(asset.row).execute();
      let created = 0;
      let updated = 0;
      for (const [index, project] of projects.entries()) {
        const team = await teamMembers(
          trx,
          project.members.map((member) => member.username),
        );
        const unknown = team.ids.indexOf(null);
        if (unknown >= 0)
          throw new ImportError(
            `project "${project.slug}": unknown username "${project.members[unknown].username}"`,
          );
        if (team.repeated.length) {
          throw new ImportError(`project "${project.slug}": a member is listed twice`);
        }

        const now = nowIso();
        const values = {
          name: project.name,
          description: project.description,
          url: project.url,
          featured: project.featured ? 1 : 0,
          tags: JSON.stringify([...new Set(project.tags)]),
          banner_id: images[index].banner,
          logo_id: images[index].logo,
          updated_at: now,
        };
        const existing = await trx
          .selectFrom('projects')
          .select('id')
          .where('slug', '=', project.slug)
          .executeTakeFirst();
        const projectId = existing?.id ?? newProjectId();
        if (existing) {
          await trx.updateTable('projects').set(values).where('id', '=', projectId).execute();
          updated++;
        } else {
          await trx
            .insertInto('projects')
            .values({ id: projectId, slug: project.slug, created_at: now, ...values })
            .execute();
          created++;
        }
        await replaceTeam(
          trx,
          projectId,
          project.members.map((member, i) => ({ userId: team.ids[i]!, role: member.role })),
        );
        await recordAudit(trx, 'cli', {
          action: existing ? 'project.update' : 'project.create',
          target: `project ${project.slug}`,
          detail: project.name,
        });
      }
      return { created, updated };
    });
  } catch (error) {
    for (const asset of prepared) asset.discard();
    throw error;
  }
}
