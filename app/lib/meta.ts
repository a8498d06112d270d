// Title, description, keywords, canonical, Open Graph and Twitter tags for every page (docs/product.md §2).
import type { MetaDescriptor } from '@remix-run/node';
import { DEFAULT_KEYWORDS, SITE_NAME } from './site';
import { metaDescription } from './text';
import { feedLink, siteFeedPath } from './feed-links';

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string };
}

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** absolute path or URL of the sharing image */
  image?: string;
  type?: 'website' | 'profile' | 'article';
  /** description for sharing tags when it follows a different rule than the meta description */
  sharingDescription?: string;
  /** the page's own address when its query names it (`/members?page=2`); else the path */
  canonical?: string;
  extra?: MetaDescriptor[];
}

export function publicUrlFrom(matches: MetaArgs['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}

export function pageMeta({ matches, location }: MetaArgs, page: PageMeta): MetaDescriptor[] {
  const base = publicUrlFrom(matches);
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const description = metaDescription(page.description);
  const sharing = page.sharingDescription ?? description;
  const url = `${base}${page.canonical ?? location.pathname}`;
  const image = page.image
    ? page.image.startsWith('http')
      ? page.image
      : `${base}${page.image}`
    : `${base}/og-image.jpg`;
  return [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: [...(page.keywords ?? []), ...DEFAULT_KEYWORDS].join(', ') },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: sharing },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: sharing },
    { name: 'twitter:image', content: image },
    // Every page names the lab's feed of posts; a member's page adds theirs (extra).
    feedLink(base, siteFeedPath, `${SITE_NAME}: members' posts`),
    ...(page.extra ?? []),
  ];
}

/** `<link rel="prev">` and `<link rel="next">` for a page of a numbered list. */
export function pageLinks(
  base: string,
  at: { page: number; pages: number } | undefined,
  href: (page: number) => string,
): MetaDescriptor[] {
  if (!at) return [];
  return [
    ...(at.page > 1 ? [{ tagName: 'link', rel: 'prev', href: `${base}${href(at.page - 1)}` }] : []),
    ...(at.page < at.pages ? [{ tagName: 'link', rel: 'next', href: `${base}${href(at.page + 1)}` }] : []),
  ];
}
