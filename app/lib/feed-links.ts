// Where the Atom feeds live and how pages link them. Apart from the feed builder (atom.ts), which
// only the feed routes need: every page's meta uses these, so they ship to the browser.
import type { MetaDescriptor } from '@remix-run/node';

export const siteFeedPath = '/posts.atom';
export const memberFeedPath = (username: string) => `/members/${username.toLowerCase()}/posts.atom`;

/** The `<link rel="alternate">` a page carries to its feed. */
export const feedLink = (base: string, path: string, title: string): MetaDescriptor => ({
  tagName: 'link',
  rel: 'alternate',
  type: 'application/atom+xml',
  title,
  href: `${base}${path}`,
});
