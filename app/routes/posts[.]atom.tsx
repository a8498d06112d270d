// /posts.atom — the lab's feed: the newest posts of every member (docs/product.md §2).
import { store, config, fromStore } from '~/.server';
import { atomFeed, atomHeaders, newestPosts } from '~/lib/atom';
import { siteFeedPath } from '~/lib/feed-links';
import { SITE_NAME } from '~/lib/site';

export async function loader() {
  const members = await fromStore(store.members.list());
  const posts = newestPosts(
    members.flatMap((member) => member.posts.map((post) => ({ ...post, author: member }))),
  );
  const body = atomFeed({
    base: config.PUBLIC_URL,
    path: siteFeedPath,
    page: '/members',
    title: `${SITE_NAME}: members' posts`,
    posts,
  });
  return new Response(body, { headers: atomHeaders });
}
