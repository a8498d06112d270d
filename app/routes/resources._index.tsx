// /resources — every machine the lab lends, by kind (docs/product.md §10): its photo, whether it is
// available, the induction it needs, whether it needs check-in, and a link to its page and week.
import type { MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { bookings, PUBLIC_PAGE_CACHE } from '~/.server';
import { GeneralErrorBoundary } from '~/components/errors';
import { ResourcePhoto, ResourceStatus } from '~/components/resources';
import { RESOURCE_KINDS, type ResourceKind } from '~/lib/bookings/models';
import { READ_PAGE } from '~/lib/hydration';
import { pageMeta, publicUrlFrom } from '~/lib/meta';
import { cardDescription } from '~/lib/text';

export const meta: MetaFunction<typeof loader> = (args) => {
  const base = publicUrlFrom(args.matches);
  return pageMeta(args, {
    title: 'Book the lab',
    description:
      'The machines our Dublin makerspace lends its members: 3D printers, CNC, electronics benches, CAD and GPU time, and a wetlab. See when each is free and book it.',
    keywords: ['book', '3D printer', 'CNC', 'wetlab', 'inductions'],
    extra: [
      {
        'script:ld+json': {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: 'Machines to book at the lab',
          itemListElement: (args.data?.resources ?? []).map((resource, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            name: resource.name,
            url: `${base}/resources/${resource.slug}`,
          })),
        },
      },
    ],
  });
};

export const handle = READ_PAGE;

export async function loader() {
  const resources = await bookings.resources.list();
  return { resources };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function Resources() {
  const { resources } = useLoaderData<typeof loader>();
  const kinds = (Object.keys(RESOURCE_KINDS) as ResourceKind[])
    .map((kind) => ({ kind, resources: resources.filter((resource) => resource.kind === kind) }))
    .filter((group) => group.resources.length);
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Book the lab</h1>
        <p>Every machine members can book, with its rules and a week of free times on its page.</p>
      </header>
      {kinds.length ? null : <p className="empty-state">No machines to book yet.</p>}
      {kinds.map(({ kind, resources: group }, groupIndex) => (
        <section key={kind} aria-labelledby={`kind-${kind}`} className="resource-kind">
          <h2 id={`kind-${kind}`}>{RESOURCE_KINDS[kind]}</h2>
          <ul className="card-grid">
            {group.map((resource, index) => {
              const headingId = `resource-${resource.slug}`;
              return (
                <li key={resource.id}>
                  <article className="card resource-item" aria-labelledby={headingId}>
                    <ResourcePhoto
                      photo={resource.photo}
                      loading={groupIndex === 0 && index === 0 ? 'lcp' : 'lazy'}
                    />
                    <div className="resource-item-body">
                      <h3 id={headingId}>
                        <Link to={`/resources/${resource.slug}`}>{resource.name}</Link>
                      </h3>
                      <p className="resource-facts">
                        {/* A space for a browser without CSS (w3m); in the flex row it takes no room. */}
                        <ResourceStatus status={resource.status} />{' '}
                        {resource.induction ? (
                          <span className="muted">Needs the {resource.induction.name}</span>
                        ) : null}
                        {resource.rules.checkInGraceMinutes != null ? (
                          <>
                            {' '}
                            <span className="muted">Check-in required</span>
                          </>
                        ) : null}
                      </p>
                      {resource.description ? <p>{cardDescription(resource.description)}</p> : null}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="resources" />;
