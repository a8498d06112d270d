// `admin project import FILE.json` (docs/architecture.md §5): upsert projects by slug, all or nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { findAssetByContent, prepareAsset, type PreparedAsset } from '../assets';
import { nowIso } from '~/lib/time';

export class ImportError extends Error {}

const ProjectEntry = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens'),
    name: z.string().trim().min(1, 'is required').max(120),
    description: z.string().max(5000).default(''),
    url: z.union([z.string().url('must be a full URL'), z.literal('')]).default(''),
    featured: z.boolean().default(false),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    banner: z.string().min(1).optional(),
    logo: z.string().min(1).optional(),
    members: z
      .array(z.object({ username: z.string().min(1), role: z.string().max(120).default('') }).strict())
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

/** Imports projects from a JSON file whose image paths are relative to the file. */
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
        const keys = project.members.map((member) => member.username.toLowerCase());
        const users = keys.length
          ? await trx
              .selectFrom('users')
              .select(['id', 'username_key'])
              .where('username_key', 'in', keys)
              .execute()
          : [];
        const idByKey = new Map(users.map((user) => [user.username_key, user.id]));
        const unknown = project.members.find((member) => !idByKey.has(member.username.toLowerCase()));
        if (unknown)
          throw new ImportError(`project "${project.slug}": unknown username "${unknown.username}"`);
        if (new Set(keys).size !== keys.length) {
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
        const projectId = existing?.id ?? crypto.randomUUID().replace(/-/g, '').slice(0, 12);
        if (existing) {
          await trx.updateTable('projects').set(values).where('id', '=', projectId).execute();
          await trx.deleteFrom('project_members').where('project_id', '=', projectId).execute();
          updated++;
        } else {
          await trx
            .insertInto('projects')
            .values({ id: projectId, slug: project.slug, created_at: now, ...values })
            .execute();
          created++;
        }
        for (const [position, member] of project.members.entries()) {
          await trx
            .insertInto('project_members')
            .values({
              project_id: projectId,
              user_id: idByKey.get(member.username.toLowerCase())!,
              role: member.role,
              position,
            })
            .execute();
        }
      }
      return { created, updated };
    });
  } catch (error) {
    for (const asset of prepared) asset.discard();
    throw error;
  }
}
