/**
 * A same-site path to go to after signing in, or `fallback`. Refuses absolute URLs,
 * protocol-relative `//host` and backslash tricks, so `from` cannot be an open redirect.
 */
export function safeRedirectPath(to: string | null | undefined, fallback: string): string {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback;
  try {
    const url = new URL(to, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
