// /portfolio — the project list with a tag filter made of links (docs/product.md §2, docs/architecture.md §4).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import type { ComponentProps } from 'react';
import { store, fromStore, PUBLIC_PAGE_CACHE } from '~/.server';
import { GeneralErrorBoundary } from '~/components/errors';
import { ProjectCard } from '~/components/project-card';
import { pageMeta } from '~/lib/meta';
import { portfolioSections, tagList } from '~/lib/projects';
import { READ_PAGE } from '~/lib/hydration';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Our Portfolio',
    description:
      'Projects built at our Dublin makerspace: robotics, biotech, energy, AI hardware and more, by founders who kept all their equity.',
    keywords: ['portfolio', 'projects', 'startups'],
  });

export const handle = READ_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const projects = await fromStore(store.projects.list());
  const tag = new URL(request.url).searchParams.get('tag');
  return { projects, tags: tagList(projects), tag: tag || null };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function Portfolio() {
  const { projects, tags, tag } = useLoaderData<typeof loader>();
  const { featured, others, count } = portfolioSections(projects, tag);
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Our Portfolio</h1>
        <p>What members have built with the lab&apos;s machines.</p>
      </header>

      <nav aria-label="Filter projects by tag" className="tag-filter">
        <ul>
          {[null, ...tags].map((value) => (
            <li key={value ?? 'all'}>
              <Link
                to={value ? `/portfolio?tag=${encodeURIComponent(value)}` : '/portfolio'}
                preventScrollReset
                className="filter-button"
                aria-current={value === tag ? 'true' : undefined}
              >
                {value ?? 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {count === 0 ? <p className="empty-state">No projects found matching the selected criteria.</p> : null}

      {featured.length ? (
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured Projects</h2>
          <ProjectGrid projects={featured} first />
        </section>
      ) : null}

      {others.length ? (
        <section
          aria-labelledby={featured.length ? 'all-heading' : undefined}
          aria-label={featured.length ? undefined : 'Projects'}
        >
          {featured.length ? <h2 id="all-heading">All Projects</h2> : null}
          <ProjectGrid projects={others} first={!featured.length} />
        </section>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="portfolio" />;

/** In the page's first grid the first row (up to three cards) is above the fold: its banners load at once, the first one first. */
function ProjectGrid({
  projects,
  first = false,
}: {
  projects: ComponentProps<typeof ProjectCard>['project'][];
  first?: boolean;
}) {
  return (
    <ul className="card-grid project-grid">
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard project={project} bannerLoading={first && index === 0 ? 'lcp' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
