// /members — the members directory (docs/product.md §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { api, fromApi, PUBLIC_PAGE_CACHE } from '~/.server';
import { LoadFailure } from '~/components/errors';
import { MemberCard } from '~/components/member-card';
import { memberCard } from '~/lib/display';
import { pageMeta } from '~/lib/meta';
import { READ_PAGE } from '~/lib/hydration';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Members',
    description:
      'Meet the founders, engineers and scientists building hardware, robotics, biotech and AI at our Dublin makerspace.',
    keywords: ['members', 'founders', 'engineers'],
  });

export const handle = READ_PAGE;

export async function loader(_: LoaderFunctionArgs) {
  const members = await fromApi(api.members.list());
  return { members: members.map(memberCard) };
}

export const headers = () => PUBLIC_PAGE_CACHE;

export default function Members() {
  const { members } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Members</h1>
        <p>The people building at the lab. Open a profile to read their posts.</p>
      </header>
      {members.length === 0 ? (
        <p className="empty-state">No members found.</p>
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
