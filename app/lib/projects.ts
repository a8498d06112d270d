// Portfolio and project rules of docs/product.md §2 and §9.
import type { Project } from './models';

/** docs/product.md §9: the portfolio tag list is the sorted set of all project tags. */
export function tagList(projects: Pick<Project, 'tags'>[]): string[] {
  return [...new Set(projects.flatMap((project) => project.tags))].sort((a, b) =>
    a.localeCompare(b, 'en', { sensitivity: 'base' }),
  );
}

/** Projects carrying `tag`, or all of them for no tag; split as the portfolio shows them. */
export function portfolioSections<P extends Pick<Project, 'tags' | 'featured'>>(
  projects: P[],
  tag: string | null,
) {
  const shown = tag ? projects.filter((project) => project.tags.includes(tag)) : projects;
  return {
    featured: shown.filter((p) => p.featured),
    others: shown.filter((p) => !p.featured),
    count: shown.length,
  };
}

/** docs/product.md §9 Key Facts. */
export function keyFacts(project: Pick<Project, 'tags' | 'featured' | 'members'>) {
  const { tags } = project;
  const size = project.members.length;
  return {
    focus: tags.length ? `Primary focus on ${tags[0]}` : 'Hardware and software prototyping',
    field: tags.length > 1 ? tags.slice(0, 3).join(', ') : (tags[0] ?? 'Deep tech'),
    teamSize: `${size} ${size === 1 ? 'member' : 'members'}`,
    status: project.featured ? 'Featured project, actively supported' : 'In development',
  };
}

/** docs/product.md §9: team members are shown 4 to a page. */
export const TEAM_PAGE_SIZE = 4;

export function pageCount(total: number, size = TEAM_PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / size));
}

/** A page index from a query value, clamped to 0..pageCount-1 (bad input shows the first page). */
export function clampPage(value: string | null | undefined, total: number, size = TEAM_PAGE_SIZE) {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 0) return 0;
  return Math.min(page, pageCount(total, size) - 1);
}

export function pageItems<T>(items: T[], page: number, size = TEAM_PAGE_SIZE): T[] {
  return items.slice(page * size, page * size + size);
}

/**
 * What is wrong with a project's website, if anything: it is rendered in href, so only http and
 * https are allowed (a javascript: or data: address would run when clicked). Read as a browser reads
 * an href, so case, leading spaces and tabs cannot hide the scheme.
 */
export function websiteProblem(value: string): 'not-an-address' | 'scheme' | null {
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    return 'not-an-address';
  }
  return protocol === 'http:' || protocol === 'https:' ? null : 'scheme';
}

export const isWebsite = (value: string) => websiteProblem(value) === null;

/** What a project may hold: `project import` and the admin's project form check the same. */
export const PROJECT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PROJECT_LIMITS = {
  slug: 80,
  name: 120,
  description: 5000,
  tags: 20,
  tag: 40,
  team: 50,
  role: 120,
} as const;

/** The tags of a comma-separated field: trimmed, blanks dropped, each once, in the order typed. */
export function parseTags(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
