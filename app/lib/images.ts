// Image sizes shared by the pipeline (which widths exist) and components (which URLs to ask for).

/** WebP variant widths made for an uploaded image: never wider than the original. */
export const VARIANT_WIDTHS = [96, 170, 340, 640, 960, 1280, 1920] as const;

export function variantWidths(originalWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < originalWidth);
  if (originalWidth <= 1920) widths.push(originalWidth);
  return widths;
}

export const PROJECT_PLACEHOLDER = '/project-placeholder.svg';
export const DEFAULT_BANNER = '/lab-header.jpg';

/** docs/product.md §3: our own initials avatar, drawn by the /avatar.svg resource route. */
export function initialsAvatarUrl(name: string) {
  return `/avatar.svg?name=${encodeURIComponent(name)}`;
}

/**
 * What the asset route sends instead of a missing or broken image. The fallback is decided on the
 * server (a redirect), so it works without JavaScript.
 */
export type ImageFallback = { initials: string } | 'banner' | 'project';

/** Address of an uploaded image (docs/product.md §3 shape /assets/{id}) at a variant width, with its fallback. */
export function assetUrl(id: string, width?: number, fallback?: ImageFallback) {
  const query = new URLSearchParams();
  if (width) query.set('w', String(width));
  if (fallback) {
    if (typeof fallback === 'object') query.set('initials', fallback.initials);
    else query.set('fallback', fallback);
  }
  const search = query.toString();
  return `/assets/${id}${search ? `?${search}` : ''}`;
}

/** srcset for an image shown `cssWidth` px wide: 1x and 2x. */
export function assetSrcSet(id: string, cssWidth: number, fallback?: ImageFallback) {
  return `${assetUrl(id, cssWidth, fallback)} 1x, ${assetUrl(id, cssWidth * 2, fallback)} 2x`;
}

/** Where the asset route redirects for a missing image. */
export function fallbackLocation(search: URLSearchParams): string | null {
  const initials = search.get('initials');
  if (initials !== null) return initialsAvatarUrl(initials);
  const fallback = search.get('fallback');
  if (fallback === 'banner') return DEFAULT_BANNER;
  if (fallback === 'project') return PROJECT_PLACEHOLDER;
  return null;
}
