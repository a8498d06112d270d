import { Link } from '@remix-run/react';
import type { Project } from '~/lib/models';
import { cardDescription } from '~/lib/text';
import { Banner } from './images';

/** Cards sit one to a row on phones, two on tablets, three (about 400 px) on wide screens. */
const CARD_SIZES = '(max-width: 700px) 100vw, (max-width: 1100px) 50vw, 400px';

export function ProjectCard({
  project,
  bannerLoading = 'lazy',
}: {
  project: Project;
  bannerLoading?: 'lcp' | 'lazy';
}) {
  const headingId = `project-${project.slug}`;
  return (
    <article className="card project-card" aria-labelledby={headingId}>
      <div className="project-card-banner">
        <Banner
          asset={project.banner}
          kind="project"
          width={640}
          height={300}
          loading={bannerLoading}
          sizes={CARD_SIZES}
        />
        {project.featured ? <span className="badge badge-featured badge-on-image">FEATURED</span> : null}
      </div>
      <div className="project-card-body">
        <h3 id={headingId}>{project.name}</h3>
        <p>{cardDescription(project.description)}</p>
        {project.tags.length ? (
          <ul className="tags" aria-label="Tags">
            {project.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="card-actions">
          <Link
            to={`/portfolio/${project.slug}`}
            className="button button-small"
            aria-describedby={headingId}
          >
            View Details
          </Link>
          {project.url ? (
            <a
              href={project.url}
              className="button button-small button-secondary"
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={headingId}
            >
              Visit Site
            </a>
          ) : null}
        </p>
      </div>
    </article>
  );
}
