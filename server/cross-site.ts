// The cross-site rule for state-changing requests (docs/architecture.md §6), applied by the server
// to every request before Remix sees it. Pure, so the unit tests read it directly.

export const CROSS_SITE_MESSAGE = 'Cross-site form submissions are not accepted.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the rule needs of a request; header names are lower case, as Node gives them. */
export interface RequestLike {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (request: RequestLike, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * True when a state-changing request comes from another site: the browser says so
 * (`Sec-Fetch-Site: cross-site`, believed whatever Origin claims), or its Origin names another host
 * than the one the request was sent to (`X-Forwarded-Host` when a proxy set it, else `Host`, the
 * same comparison Remix makes before running an action). Requests without Origin (curl, old
 * browsers) pass: SameSite=Lax cookies already keep a cross-site form from carrying a session.
 */
export function isCrossSite(request: RequestLike): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (header(request, 'sec-fetch-site') === 'cross-site') return true;
  const origin = header(request, 'origin');
  if (origin === undefined) return false;
  const host = header(request, 'x-forwarded-host')?.split(',')[0]?.trim() || header(request, 'host');
  if (origin === 'null' || !host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
