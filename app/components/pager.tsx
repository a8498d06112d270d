// Numbered page links with Previous and Next (docs/product.md §2): plain links, so they work without
// JavaScript; with it, Remix follows them in place and the address still names the page.
import { Link } from '@remix-run/react';
import { pageWindow } from '~/lib/pagination';

export function Pager({
  page,
  pages,
  label,
  href,
}: {
  page: number;
  pages: number;
  /** what the pages are of, for the navigation landmark ('Members pages') */
  label: string;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="page-links" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="button button-small button-secondary">
              Previous
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="page-number current">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className="page-number" aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={href(page + 1)} rel="next" className="button button-small button-secondary">
              Next
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
