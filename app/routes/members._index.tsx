// /members — the members directory (docs/product.md §2), searchable with `?q=` (a plain GET form;
// where scripts run, results follow the typing).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api, fromApi, PUBLIC_PAGE_CACHE } from '~/.server';
import { LoadFailure } from '~/components/errors';
import { MemberCard } from '~/components/member-card';
import { MemberSearch } from '~/components/member-search';
import { memberCard } from '~/lib/display';
import { pageMeta } from '~/lib/meta';
import { READ_PAGE } from '~/lib/hydration';
import { cleanQuery, matchesQuery } from '~/lib/search';

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.query ? `Members matching “${args.data.query}”` : 'Members',
    description:
      'Meet the founders, engineers and scientists building hardware, robotics, biotech and AI at our Dublin makerspace.',
    keywords: ['members', 'founders', 'engineers'],
  });

export const handle = READ_PAGE;

export async function loader({ request }: LoaderFunctionArgs) {
  const query = cleanQuery(new URL(request.url).searchParams.get('q'));
  const members = await fromApi(api.members.list());
  return { query, members: members.filter((member) => matchesQuery(member, query)).map(memberCard) };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function Members() {
  const { query, members } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Members</h1>
        <p>The people building at the lab. Open a profile to read their posts.</p>
      </header>
      <MemberSearch query={query} />
      <p className="search-status" role="status">
        {query && members.length
          ? `${members.length} ${members.length === 1 ? 'member matches' : 'members match'} “${query}”.`
          : null}
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
        <ul className="card-grid member-grid">
          {members.map((member) => (
            <li key={member.username}>
              <MemberCard member={member} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <LoadFailure what="members" />;
}
