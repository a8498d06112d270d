import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Project, ProjectMember } from '~/lib/models';
import { assetRef, parseList } from './rows';

/** docs/product.md §7 get_projects: featured first, then by name; team members in their import order. */
export async function listProjects(db: Kysely<Database>): Promise<Project[]> {
  const projects = await db
    .selectFrom('projects')
    .selectAll()
    .orderBy('featured', 'desc')
    .orderBy('name')
    .execute();
  const members = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'project_members.project_id',
      'project_members.role',
      'users.username',
      'users.fullname',
      'users.avatar_id',
    ])
    .orderBy('project_members.project_id')
    .orderBy('project_members.position')
    .execute();
  const team = new Map<string, ProjectMember[]>();
  for (const row of members) {
    const list = team.get(row.project_id) ?? [];
    list.push({
      role: row.role,
      user: { username: row.username, fullname: row.fullname, avatar: assetRef(row.avatar_id) },
    });
    team.set(row.project_id, list);
  }
  return projects.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    url: row.url,
    featured: row.featured === 1,
    tags: parseList(row.tags),
    banner: assetRef(row.banner_id),
    logo: assetRef(row.logo_id),
    members: team.get(row.id) ?? [],
  }));
}

/** docs/product.md §2: the project page parameter matches either the id or the slug. */
export async function projectByIdOrSlug(db: Kysely<Database>, idOrSlug: string): Promise<Project | null> {
  const projects = await listProjects(db);
  return projects.find((project) => project.id === idOrSlug || project.slug === idOrSlug) ?? null;
}
