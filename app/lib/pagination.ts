// Numbered pages (docs/product.md §2): the directory and a member's posts, `?page=N`, 24 a page.
// A number that is not one reads as page 1; one past the end shows the last page.

export const PAGE_SIZE = 24;

/** The page asked for in `?page=`: a whole number from 1, else 1. */
export function requestedPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

export interface PageOf {
  /** the page shown, 1-based (the last one when more was asked for) */
  page: number;
  pages: number;
  total: number;
}

/** Where `requested` lands among `total` items: the page and its offset. */
export function pageOf(requested: number, total: number, size = PAGE_SIZE): PageOf & { offset: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pages);
  return { page, pages, total, offset: (page - 1) * size };
}

/** One page of a list that is already whole (a backend that answers whole lists). */
export function paginate<T>(items: T[], requested: number, size = PAGE_SIZE) {
  const { offset, ...at } = pageOf(requested, items.length, size);
  return { ...at, items: items.slice(offset, offset + size) };
}

/**
 * The page numbers a pager shows: the first, the last, and two either side of the current one,
 * with 'gap' where numbers are left out (1 … 4 5 6 7 8 … 42).
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i && n - sorted[i - 1] > 1 ? ['gap' as const, n] : [n]));
}

/** The address of page `page` of `path`, keeping `params` (page 1 has no `page`). */
export function pageHref(path: string, page: number, params: Record<string, string> = {}) {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value));
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
