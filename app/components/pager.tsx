// Numbered page links with Previous and Next (docs/product.md §2): plain links, so they work without
// JavaScript; with it, Remix follows them in place (useClientLinks, one listener for the whole
// pager rather than router hooks for each link on every render) and the address still names the page.
import { useClientLinks } from '~/components/client-links';
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
  const links = useClientLinks<HTMLElement>();
  if (pages <= 1) return null;
  return (
    <nav className="page-links" aria-label={label} ref={links}>
      <ul>
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className="button button-small button-secondary">
              Previous
            </a>
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
                <a href={href(n)} className="page-number" aria-label={`Page ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <a href={href(page + 1)} rel="next" className="button button-small button-secondary">
              Next
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
