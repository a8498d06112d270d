// /members — the members directory (docs/product.md §2) in pages of 24 (`?page=N`), searchable with
// `?q=` (a plain GET form; where scripts run, results follow the typing). Page links keep the search.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { store, fromStore, PUBLIC_PAGE_CACHE } from '~/.server';
import { useClientLinks } from '~/components/client-links';
import { GeneralErrorBoundary } from '~/components/errors';
import { MemberCard } from '~/components/member-card';
import { MemberSearch } from '~/components/member-search';
import { Pager } from '~/components/pager';
import { pageLinks, pageMeta, publicUrlFrom } from '~/lib/meta';
import { READ_PAGE } from '~/lib/hydration';
import { pageHref, requestedPage } from '~/lib/pagination';
import { cleanQuery } from '~/lib/search';

const directoryHref = (query: string) => (page: number) => pageHref('/members', page, { q: query });

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  const query = data?.query ?? '';
  const title = query ? `Members matching “${query}”` : 'Members';
  return pageMeta(args, {
    title: data && data.page > 1 ? `${title}, page ${data.page}` : title,
    description:
      'Meet the founders, engineers and scientists building hardware, robotics, biotech and AI at our Dublin makerspace.',
    keywords: ['members', 'founders', 'engineers'],
    canonical: data ? directoryHref(query)(data.page) : undefined,
    extra: pageLinks(publicUrlFrom(args.matches), data, directoryHref(query)),
  });
};

export const handle = READ_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = cleanQuery(url.searchParams.get('q'));
  const directory = await fromStore(
    store.pages.directory(query, requestedPage(url.searchParams.get('page'))),
  );
  return { query, ...directory };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function Members() {
  const { query, members, page, pages, total } = useLoaderData<typeof loader>();
  const cards = useClientLinks<HTMLUListElement>();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Members</h1>
        <p>The people building at the lab. Open a profile to read their posts.</p>
      </header>
      <MemberSearch query={query} />
      <p className="search-status" role="status">
        {query && total ? `${total} ${total === 1 ? 'member matches' : 'members match'} “${query}”.` : null}
      </p>
      {members.length === 0 ? (
        <p className="empty-state">
          {query ? (
            <>
              No members found for “{query}”. <Link to="/members">Show all members</Link>
            </>
          ) : (
            'No members found.'
          )}
        </p>
      ) : (
        <ul className="card-grid member-grid" ref={cards}>
          {members.map((member) => (
            <li key={member.username}>
              <MemberCard member={member} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label="Members pages" href={directoryHref(query)} />
    </main>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary loadFailure="members" />;
