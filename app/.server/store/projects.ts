import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Project, ProjectMember } from '~/lib/models';
import { isWebsite } from '~/lib/projects';
import { assetRef, parseList } from './rows';
import { usernameKey } from '~/lib/username';

/** docs/product.md §7 get_projects: featured first, then by name; team members in their import order. */
export const listProjects = (db: Kysely<Database>) => readProjects(db);

/** docs/product.md §2: the project page parameter matches either the id or the slug. */
export async function projectByIdOrSlug(db: Kysely<Database>, idOrSlug: string): Promise<Project | null> {
  return (await readProjects(db, { idOrSlug }))[0] ?? null;
}

/** The admin pages address a project by what never changes: its id. */
export async function projectById(db: Kysely<Database>, id: string): Promise<Project | null> {
  return (await readProjects(db, { id }))[0] ?? null;
}

/** Every project with its team, or only those `which` names, in the list's order. */
async function readProjects(
  db: Kysely<Database>,
  which?: { id: string } | { idOrSlug: string },
): Promise<Project[]> {
  let query = db.selectFrom('projects').selectAll();
  if (which && 'id' in which) query = query.where('id', '=', which.id);
  else if (which)
    query = query.where((eb) => eb.or([eb('id', '=', which.idOrSlug), eb('slug', '=', which.idOrSlug)]));
  const projects = await query.orderBy('featured', 'desc').orderBy('name').execute();
  if (which && !projects.length) return [];
  let teams = db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'project_members.project_id',
      'project_members.role',
      'users.username',
      'users.fullname',
      'users.avatar_id',
    ]);
  if (which)
    teams = teams.where(
      'project_members.project_id',
      'in',
      projects.map((row) => row.id),
    );
  const members = await teams
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
    // Rendered in href: an address saved before only http and https were accepted is not linked.
    url: isWebsite(row.url) ? row.url : '',
    featured: row.featured === 1,
    tags: parseList(row.tags),
    banner: assetRef(row.banner_id),
    logo: assetRef(row.logo_id),
    members: team.get(row.id) ?? [],
  }));
}

/**
 * The members a team names by username (any case), inside a write's transaction: each row's user
 * id (null when nobody has that username), and which rows repeat an earlier one.
 */
export async function teamMembers(trx: Kysely<Database>, usernames: string[]) {
  const keys = usernames.map(usernameKey);
  const users = keys.length
    ? await trx.selectFrom('users').select(['id', 'username_key']).where('username_key', 'in', keys).execute()
    : [];
  const idByKey = new Map(users.map((user) => [user.username_key, user.id]));
  return {
    ids: keys.map((key) => idByKey.get(key) ?? null),
    repeated: keys.flatMap((key, index) => (keys.indexOf(key) < index ? [index] : [])),
  };
}

/** Replaces a project's team with `team`, in this order. */
export async function replaceTeam(
  trx: Kysely<Database>,
  projectId: string,
  team: { userId: string; role: string }[],
) {
  await trx.deleteFrom('project_members').where('project_id', '=', projectId).execute();
  if (team.length)
    await trx
      .insertInto('project_members')
      .values(
        team.map((member, position) => ({
          project_id: projectId,
          user_id: member.userId,
          role: member.role,
          position,
        })),
      )
      .execute();
}

/** A new project id: 12 hex characters. */
export const newProjectId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 12);
