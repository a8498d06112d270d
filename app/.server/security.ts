// Response headers every page carries (docs/architecture.md §6). The CSP allows scripts only with this
// request's nonce, so an injected <script> does not run.
import crypto from 'node:crypto';

export const createNonce = () => crypto.randomBytes(16).toString('base64');

export function contentSecurityPolicy(nonce: string, dev = false) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    `connect-src 'self'${dev ? ' ws://localhost:*' : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce)
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development'),
    );
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
}

/**
 * Refuses cross-site state changes (docs/architecture.md §6): an Origin, when sent, must be this site's
 * (PUBLIC_URL or the address the request came to), and a browser that says the request is
 * cross-site (Sec-Fetch-Site) is believed whatever the Origin claims.
 */
export function assertSameOrigin(request: Request, publicUrl: string) {
  const origin = request.headers.get('Origin');
  const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
  const crossSite =
    (origin !== null && !allowed.has(origin)) || request.headers.get('Sec-Fetch-Site') === 'cross-site';
  if (crossSite) throw new Response('Cross-site form submissions are not accepted.', { status: 403 });
}

/**
 * The client's address from X-Forwarded-For when `trustProxy` proxies stand in front, else null
 * (remix-serve does not pass the socket address to routes, so per-address limits need a proxy).
 */
export function clientAddress(request: Request, trustProxy: number): string | null {
  if (trustProxy <= 0) return null;
  const hops = (request.headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return hops.length >= trustProxy ? hops[hops.length - trustProxy] : (hops[0] ?? null);
}
