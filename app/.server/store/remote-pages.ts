// The store's `pages` group against an upstream backend (remote.ts): a backend answers whole lists,
// so the site filters and pages the members itself.
import { memberCard, postSummary } from '~/lib/display';
import { paginate } from '~/lib/pagination';
import { matchesQuery } from '~/lib/search';
import type { Store } from './index';

export function remotePages(members: Store['members']): Store['pages'] {
  return {
    async directory(query, page) {
      const { items, ...at } = paginate(
        (await members.list()).filter((member) => matchesQuery(member, query)),
        page,
      );
      return { ...at, members: items.map(memberCard) };
    },
    async memberPosts(username, page) {
      const member = await members.byUsername(username);
      if (!member) return null;
      const { posts, ...profile } = member;
      const { items, ...at } = paginate(posts, page);
      return { ...at, member: profile, posts: items.map(postSummary) };
    },
  };
}
