// The render cache (docs/performance.md): a signed-out visitor's GET of a public page is answered
// with the document rendered for the same URL at the same data version, without running loaders
// or React. Only what a request without cookies rendered is kept, so a cached page can never hold
// a member's header, form values or a notice meant for someone; and only answers a route marked
// public (Cache-Control: public) with status 200, HTML (or a feed or the sitemap, which read every
// member and post) and no Set-Cookie.
//
// The data version (app/.server/data-version.ts) is read at most twice a second, and again at once
// after any request that may have written (anything but a cookieless GET), so a page is never more
// than half a second behind a write on another instance and never behind one made here. A page
// that shows time passing names the moment it stops being true (RENDER_EXPIRES), and is rendered
// again after it.
import crypto from 'node:crypto';
import { RENDER_EXPIRES } from '../app/lib/render-expiry';

export interface RenderCacheOptions {
  readVersion: () => Promise<string>;
  /** the build's version: a new build never answers with the last one's pages or ETags */
  buildVersion: string;
  /** how long a version read is trusted, in ms */
  recheckMs?: number;
  /** the most the kept documents may add up to, in bytes (least recently used go first) */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  version: string;
  etag: string;
  headers: [string, string][];
  body: string;
  /** the CSP nonce the document was rendered with, replaced by a fresh one in every answer */
  nonce: string | null;
  /** ms since the epoch from which the page is no longer true (its RENDER_EXPIRES), or null */
  expires: number | null;
}

export type Render = () => Promise<Response>;

export function renderCache({
  readVersion,
  buildVersion,
  recheckMs = 500,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: RenderCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Bumped after a request that may have written: a version read begun before it is not trusted.
  let generation = 0;
  let known: { version: string; at: number; generation: number } | null = null;
  let reading: { generation: number; promise: Promise<string> } | null = null;
  const rendering = new Map<string, { version: string; promise: Promise<Entry | null> }>();

  function version(): Promise<string> {
    if (known && known.generation === generation && now() - known.at < recheckMs)
      return Promise.resolve(known.version);
    if (reading?.generation !== generation) {
      const started = generation;
      const asked = now();
      const promise = readVersion().then(
        (value) => {
          // Trusted from when it was asked for, not answered: a slow read does not stretch it.
          if (started === generation) known = { version: value, at: asked, generation: started };
          if (reading?.promise === promise) reading = null;
          return value;
        },
        (error: unknown) => {
          if (reading?.promise === promise) reading = null;
          throw error;
        },
      );
      reading = { generation: started, promise };
    }
    return reading.promise;
  }

  function keep(key: string, entry: Entry) {
    drop(key);
    const size = entry.body.length;
    if (size > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += size;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  const expired = (entry: Entry) => entry.expires !== null && entry.expires <= now();

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  }

  /** The rendered answer as an entry, or null when it must not be shared. */
  async function entryFrom(response: Response, current: string): Promise<Entry | null> {
    const headers = response.headers;
    if (response.status !== 200 || !isPublicPage(headers) || headers.has('Set-Cookie')) return null;
    const nonce = /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
    const expiresAt = Date.parse(headers.get(RENDER_EXPIRES) ?? '');
    const expires = Number.isNaN(expiresAt) ? null : expiresAt;
    headers.delete(RENDER_EXPIRES);
    return {
      version: current,
      // A page re-rendered at its expiry is a new page at the same data version.
      etag: `W/"${buildVersion}.${current}${expires === null ? '' : `.${expires.toString(36)}`}"`,
      headers: [...headers].filter(([name]) => name !== 'etag' && name !== 'vary'),
      body: await response.text(),
      nonce,
      expires,
    };
  }

  function answer(entry: Entry, request: Request, state: 'hit' | 'miss'): Response {
    const headers = new Headers(entry.headers);
    headers.set('ETag', entry.etag);
    headers.set('Vary', 'Cookie');
    headers.set('X-Render-Cache', state);
    if (
      request.headers
        .get('If-None-Match')
        ?.split(/\s*,\s*/)
        .includes(entry.etag)
    ) {
      for (const name of ['Content-Type', 'Content-Length', 'Content-Security-Policy']) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
    let body = entry.body;
    if (entry.nonce) {
      const nonce = crypto.randomBytes(16).toString('base64');
      body = body.replaceAll(entry.nonce, nonce);
      headers.set(
        'Content-Security-Policy',
        headers.get('Content-Security-Policy')!.replaceAll(entry.nonce, nonce),
      );
    }
    return new Response(body, { status: 200, headers });
  }

  /** Answers `request`, from the cache when it may, else with `render()`. */
  async function respond(request: Request, render: Render): Promise<Response> {
    if (request.method !== 'GET' || request.headers.has('Cookie') || request.headers.has('Authorization')) {
      if (request.method === 'HEAD' && !request.headers.has('Cookie')) return withoutExpiry(await render());
      try {
        return keepPrivate(withoutExpiry(await render()), request);
      } finally {
        generation += 1;
      }
    }
    let current: string;
    try {
      current = await version();
    } catch (error) {
      // The store cannot say: render as if there were no cache (the page shows the failure).
      console.error('Render cache: reading the data version failed:', (error as Error).message);
      return withoutExpiry(await render());
    }
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    const hit = entries.get(key);
    if (hit?.version === current && !expired(hit)) {
      entries.delete(key);
      entries.set(key, hit);
      return answer(hit, request, 'hit');
    }
    const inFlight = rendering.get(key);
    if (inFlight?.version === current) {
      const entry = await inFlight.promise;
      return entry ? answer(entry, request, 'hit') : withoutExpiry(await render());
    }
    let rendered!: Response;
    const promise = render().then(async (response) => {
      rendered = response;
      const entry = await entryFrom(response, current);
      // A render that began before the version changed is not kept over a newer one.
      if (entry && (!known || known.version === current) && !expired(entry)) keep(key, entry);
      return entry;
    });
    rendering.set(key, { version: current, promise });
    try {
      const entry = await promise;
      return entry ? answer(entry, request, 'miss') : withoutExpiry(rendered);
    } finally {
      if (rendering.get(key)?.promise === promise) rendering.delete(key);
    }
  }

  return { respond, size: () => ({ entries: entries.size, bytes }) };
}

/** A page, feed or sitemap its route marks public (PUBLIC_PAGE_CACHE in the app); not JSON, whose
 * answers may differ by Origin (CORS). */
const isPublicPage = (headers: Headers) =>
  /^(text\/html|application\/atom\+xml|application\/xml)\b/.test(headers.get('Content-Type') ?? '') &&
  /\bpublic\b/.test(headers.get('Cache-Control') ?? '');

/** A page rendered for someone with cookies is theirs: no shared cache may keep it. */
function keepPrivate(response: Response, request: Request): Response {
  const headers = response.headers;
  if (request.headers.has('Cookie') && isPublicPage(headers)) {
    headers.set('Cache-Control', 'private, no-cache');
    headers.append('Vary', 'Cookie');
  }
  return response;
}

/** The expiry is for this cache alone: no answer carries it out. */
function withoutExpiry(response: Response): Response {
  if (response.headers.has(RENDER_EXPIRES)) response.headers.delete(RENDER_EXPIRES);
  return response;
}
