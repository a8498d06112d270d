// /members/{memberId}/posts.atom — one member's posts as a feed (docs/product.md §2). Unknown
// members, and members who left the directory, answer 404; a renamed member's old address moves to
// the new one, as their page does.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { config, fromStore, redirect, store } from '~/.server';
import { atomFeed, atomHeaders, newestPosts } from '~/lib/atom';
import { memberFeedPath } from '~/lib/feed-links';
import { SITE_NAME } from '~/lib/site';

export async function loader({ params }: LoaderFunctionArgs) {
  const memberId = (params.memberId ?? '').toLowerCase();
  const member = await fromStore(store.members.byUsername(memberId));
  if (!member || member.hidden) {
    const renamed = member ? null : await fromStore(store.profile.renamed(memberId));
    if (renamed) throw redirect(memberFeedPath(renamed), 301);
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const body = atomFeed({
    base: config.PUBLIC_URL,
    path: memberFeedPath(member.username),
    page: `/members/${member.username.toLowerCase()}`,
    title: `${member.fullname}: posts at ${SITE_NAME}`,
    posts: newestPosts(member.posts.map((post) => ({ ...post, author: member }))),
  });
  return new Response(body, { headers: atomHeaders });
}
