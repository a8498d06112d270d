// /portfolio/{projectId} — one project, found by id or slug (docs/product.md §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { store, fromStore, notFound, PUBLIC_PAGE_CACHE } from '~/.server';
import { errorMessage, GeneralErrorBoundary } from '~/components/errors';
import { Banner } from '~/components/images';
import { StickyBar } from '~/components/sticky-header';
import { TeamCard } from '~/components/team';
import { assetUrl, PROJECT_PLACEHOLDER } from '~/lib/images';
import { pageMeta } from '~/lib/meta';
import { clampPage, keyFacts } from '~/lib/projects';
import type { loader as rootLoader } from '~/root';
import { READ_PAGE } from '~/lib/hydration';

export const meta: MetaFunction<typeof loader> = (args) => {
  const project = args.data?.project;
  if (!project) return pageMeta(args, { title: 'Project Not Found', description: 'Project not found.' });
  return pageMeta(args, {
    title: project.name,
    description: project.description || `${project.name}, built at our Dublin makerspace.`,
    keywords: [project.name, ...project.tags],
    image: project.banner ? assetUrl(project.banner.id, 1280) : undefined,
  });
};

export const handle = READ_PAGE;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const project = await fromStore(store.projects.byIdOrSlug(params.projectId ?? ''));
  if (!project) notFound('Project not found');
  const team = new URL(request.url).searchParams.get('team');
  return {
    project,
    teamPage: clampPage(team === 'all' ? '0' : team, project.members.length),
    showAllTeam: team === 'all',
  };
}

export const headers = () => PUBLIC_PAGE_CACHE;

function ProjectLogo({ project }: { project: { logo: { id: string } | null; name: string } }) {
  return project.logo ? (
    <img
      src={assetUrl(project.logo.id, 96, 'project')}
      alt=""
      width={40}
      height={40}
      className="project-logo"
    />
  ) : null;
}

export default function ProjectDetail() {
  const { project, teamPage, showAllTeam } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const contactEmail = root?.contactEmail ?? '';
  const { pathname } = useLocation();
  const facts = keyFacts(project);
  // The hero's background is blurred and darkened: a small variant looks the same, and does not
  // take a phone's bandwidth from the banner below, the largest paint.
  const bannerSrc = project.banner ? assetUrl(project.banner.id, 340, 'project') : PROJECT_PLACEHOLDER;
  return (
    <main id="main" className="project">
      <StickyBar>
        <ProjectLogo project={project} />
        <span className="sticky-name">{project.name}</span>
        {project.url ? (
          <a href={project.url} target="_blank" rel="noopener noreferrer" className="button button-small">
            Visit Project
          </a>
        ) : null}
      </StickyBar>

      <header className="project-hero">
        <div
          className="project-hero-bg"
          style={{ backgroundImage: `url("${bannerSrc}")` }}
          aria-hidden="true"
        />
        <div className="project-hero-inner page">
          <Link to="/portfolio" className="back-link">
            ← Back to Portfolio
          </Link>
          <div className="project-title-row">
            <ProjectLogo project={project} />
            <h1>{project.name}</h1>
          </div>
          {project.featured ? <p className="badge badge-featured">FEATURED PROJECT</p> : null}
          {project.tags.length ? (
            <ul className="tags" aria-label="Tags">
              {project.tags.map((tag) => (
                <li key={tag} className="tag tag-light">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className="page project-grid-layout">
        <div className="project-main">
          <section className="card" aria-labelledby="about-project-heading">
            <h2 id="about-project-heading">About This Project</h2>
            <Banner asset={project.banner} kind="project" className="project-inline-banner" loading="lcp" />
            <p className="prewrap">{project.description}</p>
            {project.url ? (
              <p>
                <a href={project.url} target="_blank" rel="noopener noreferrer" className="button">
                  Visit Project Website
                </a>
              </p>
            ) : null}
          </section>
          <section className="card" aria-labelledby="tags-heading">
            <h2 id="tags-heading">Tags</h2>
            {project.tags.length ? (
              <ul className="tag-grid">
                {project.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={`/portfolio?tag=${encodeURIComponent(tag)}`}>{tag}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No tags.</p>
            )}
          </section>
        </div>
        <aside className="project-side">
          <TeamCard
            members={project.members}
            initialPage={teamPage}
            showAll={showAllTeam}
            pathname={pathname}
          />
          <section className="card" aria-labelledby="facts-heading">
            <h2 id="facts-heading">Key Facts</h2>
            <dl className="facts">
              <dt>Project Focus</dt>
              <dd>{facts.focus}</dd>
              <dt>Field</dt>
              <dd>{facts.field}</dd>
              <dt>Team Size</dt>
              <dd>{facts.teamSize}</dd>
              <dt>Status</dt>
              <dd>{facts.status}</dd>
            </dl>
          </section>
          <section className="card get-in-touch" aria-labelledby="touch-heading">
            <h2 id="touch-heading">Get In Touch</h2>
            <p>Want to collaborate with {project.name} or build something like it at the lab?</p>
            <p className="button-row">
              <a
                href={`mailto:${contactEmail}?subject=${encodeURIComponent(project.name)}`}
                className="button"
              >
                Contact Us
              </a>
              <Link to="/portfolio" className="button button-secondary">
                Back to Portfolio
              </Link>
            </p>
          </section>
          {root?.user?.admin ? (
            <p>
              <Link to={`/admin/projects/${project.id}/edit`} className="button button-secondary">
                Edit project
              </Link>
            </p>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

// A store that fails is not a missing project: 'Failed to load project: …', as the other pages say.
export const ErrorBoundary = () => (
  <GeneralErrorBoundary notFound={<ProjectMissing />} loadFailure="project" />
);

/** 'Project Not Found' with the message, and the way back to the portfolio. */
function ProjectMissing() {
  const error = useRouteError();
  return (
    <main id="main" className="page narrow-page center-page">
      <div className="error-panel" role="alert">
        <h1>Project Not Found</h1>
        <p>{errorMessage(error)}</p>
        <p>
          <Link to="/portfolio" className="button">
            Return to Portfolio
          </Link>
        </p>
      </div>
    </main>
  );
}
