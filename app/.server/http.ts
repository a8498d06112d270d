// Turning API answers into HTTP for route loaders: a thrown response renders the route's
// ErrorBoundary with the product's text and the right status.
import { data, type AppLoadContext } from '@remix-run/node';
import { ApiError } from './store';

/**
 * The one way a loader or action says "not found": a 404 that the route's error boundary renders
 * (the 404 page, or the route's load-failure text with `message`).
 */
export function notFound(message?: string): never {
  throw data(message ? { message } : null, { status: 404 });
}

/** Awaits an API call; an ApiError becomes an error response carrying its product message. */
export async function fromStore<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Whether the client already holds `etag` (answer 304): its If-None-Match names it, in a list or
 * alone, or weakened to W/"…" by a proxy that compressed the body (the same bytes before that).
 */
export function clientHas(request: Request, etag: string) {
  const asked = request.headers.get('If-None-Match') ?? '';
  return asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Public pages may be cached briefly by browsers and revalidated. */
export const PUBLIC_PAGE_CACHE = { 'Cache-Control': 'public, max-age=0, must-revalidate' };

/**
 * A page that shows a secret (a calendar feed's address, invite keys, a reset code) is kept by no
 * cache, not even the browser's disk: a shared computer's next user cannot page back to it.
 */
export const SECRET_PAGE_CACHE = { 'Cache-Control': 'private, no-store' };

/** When the request arrived (server/index.ts stamps it before the body is read); now, without it. */
export const arrivedAt = (context: AppLoadContext) => context.arrivedAt ?? new Date();
