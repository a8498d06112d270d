// Atom feeds (RFC 4287) of members' posts: /posts.atom for the lab, and one per member.
import { escapeHtml } from './html';
import type { Post } from './models';
import { SITE_NAME } from './site';

export const FEED_ENTRIES = 20;

export interface FeedPost extends Pick<Post, 'id' | 'slug' | 'title' | 'content' | 'created_at'> {
  author: { username: string; fullname: string };
}

/** The newest posts first, at most FEED_ENTRIES. */
export const newestPosts = (posts: FeedPost[]) =>
  [...posts].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, FEED_ENTRIES);

// XML 1.0 has no place for most control characters or unpaired surrogates, which a post's text
// may hold: they are dropped, and the markup characters escaped.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (text: string) => escapeHtml(text.replace(NOT_XML, ''));

// An empty feed has never changed; any fixed instant says so.
const EMPTY_FEED_UPDATED = '2025-01-01T00:00:00.000Z';

/**
 * A feed document. `base` is the site's public URL; `path` the feed's own; `page` the page the feed
 * follows. Entry ids are tag URIs (RFC 4151) of the post's id, which stay the same when a member
 * is renamed and the post's address moves; `updated` is the newest entry's date.
 */
export function atomFeed(feed: {
  base: string;
  path: string;
  page: string;
  title: string;
  posts: FeedPost[];
}): string {
  const { base, posts } = feed;
  const authority = `tag:${new URL(base).hostname},2025:`;
  const updated = posts[0]?.created_at ?? EMPTY_FEED_UPDATED;
  const entries = posts.map((post) => {
    const url = `${base}/posts/${post.author.username.toLowerCase()}/${post.slug}`;
    return [
      '  <entry>',
      `    <id>${xmlText(`${authority}post:${post.id}`)}</id>`,
      `    <title type="text">${xmlText(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `    <published>${xmlText(post.created_at)}</published>`,
      `    <updated>${xmlText(post.created_at)}</updated>`,
      '    <author>',
      `      <name>${xmlText(post.author.fullname)}</name>`,
      `      <uri>${xmlText(`${base}/members/${post.author.username.toLowerCase()}`)}</uri>`,
      '    </author>',
      `    <content type="text">${xmlText(post.content)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-IE">',
    `  <id>${xmlText(base + feed.path)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <updated>${xmlText(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(base + feed.path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(base + feed.page)}"/>`,
    `  <author><name>${xmlText(SITE_NAME)}</name><uri>${xmlText(base)}/</uri></author>`,
    `  <generator>${xmlText(SITE_NAME)}</generator>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export const atomHeaders = {
  'Content-Type': 'application/atom+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=0, must-revalidate',
};
