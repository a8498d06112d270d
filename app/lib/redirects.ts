const SAME = 'http://same.invalid';

/** A path a browser resolves on this site: one leading slash, no second slash or backslash after it. */
const isSitePath = (path: string) => path.startsWith('/') && !/^\/[/\\]/.test(path);

/**
 * A same-site path to go to after signing in, or `fallback`. Refuses absolute URLs,
 * protocol-relative `//host` and backslash tricks, so `from` cannot be an open redirect. The path
 * it returns is the URL parser's (dot segments resolved, tabs and newlines dropped), so that is
 * what is checked: `/.//evil.example` is the same as `//evil.example` once normalised.
 */
export function safeRedirectPath(to: string | null | undefined, fallback: string): string {
  if (!to || typeof to !== 'string' || !isSitePath(to) || to.includes('\\')) return fallback;
  try {
    const url = new URL(to, SAME);
    if (url.origin !== SAME) return fallback;
    const path = url.pathname + url.search + url.hash;
    return isSitePath(path) && new URL(path, SAME).origin === SAME ? path : fallback;
  } catch {
    return fallback;
  }
}
