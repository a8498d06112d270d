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
//
// A hit on a page without scripts (every visitor's read page) is answered by `serve`, in front of
// Express, straight from Node's request to Node's response: its bytes are kept verbatim (its CSP
// forbids scripts, so there is no nonce to replace), as gzip and brotli too, each with its headers,
// all made once when the page is kept. A page with scripts gets a fresh nonce in every answer.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SENT_LENGTH } from './access-log';
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
  /** what the kept entry counts for in maxBytes */
  size: number;
  /** a page without a nonce, once its variants are made: what `serve` sends */
  ready: Ready | null;
}

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  /** the head of a 200, as writeHead takes it: [name, value, name, value, …] */
  head: string[];
}

interface Ready {
  variants: Record<Encoding, Variant>;
  /** the head of a 304 */
  notModified: string[];
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Render = () => Promise<Response>;

export function renderCache({
  readVersion,
  buildVersion,
  recheckMs = 500,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: RenderCacheOptions) {
  const pages = keptPages(maxBytes);
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

  const expired = (entry: Entry) => entry.expires !== null && entry.expires <= now();

  /** The rendered answer as an entry, or null when it must not be shared. */
  async function entryFrom(response: Response, current: string): Promise<Entry | null> {
    const headers = response.headers;
    if (response.status !== 200 || !isPublicPage(headers) || headers.has('Set-Cookie')) return null;
    const nonce = /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
    const expiresAt = Date.parse(headers.get(RENDER_EXPIRES) ?? '');
    const expires = Number.isNaN(expiresAt) ? null : expiresAt;
    headers.delete(RENDER_EXPIRES);
    const body = await response.text();
    return {
      version: current,
      // A page re-rendered at its expiry is a new page at the same data version.
      etag: `W/"${buildVersion}.${current}${expires === null ? '' : `.${expires.toString(36)}`}"`,
      headers: [...headers].filter(
        ([name]) => !['etag', 'vary', 'content-length', 'content-encoding'].includes(name),
      ),
      body,
      nonce,
      expires,
      size: body.length,
      ready: null,
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
    const hit = pages.get(key);
    if (hit?.version === current && !expired(hit)) {
      pages.touch(key, hit);
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
      if (entry && (!known || known.version === current) && !expired(entry)) pages.keep(key, entry);
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

  /**
   * Answers a cookieless, Authorization-less GET or HEAD of a page without scripts whose variants
   * are made, from the cache, and says whether it did; anything else is left to `respond` (behind
   * Express). A promise only when the data version must be read again first.
   */
  function serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    const { method, headers } = req;
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      headers.cookie !== undefined ||
      headers.authorization !== undefined
    )
      return false;
    // Keys are what the URL parser makes of the path; an address it would change is left to it.
    const hit = pages.get(req.url ?? '');
    if (!hit?.ready) return false;
    if (known && known.generation === generation && now() - known.at < recheckMs)
      return send(hit, known.version, req, res);
    return version().then(
      (current) => send(hit, current, req, res),
      () => false,
    );
  }

  function send(entry: Entry, current: string, req: IncomingMessage, res: ServerResponse): boolean {
    const key = req.url!;
    if (entry.version !== current || expired(entry) || pages.get(key) !== entry) return false;
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    pages.touch(key, entry);
    const ready = entry.ready!;
    const match = req.headers['if-none-match'];
    if (match !== undefined && match.split(/\s*,\s*/).includes(entry.etag)) {
      res.writeHead(304, ready.notModified);
      res.end();
      return true;
    }
    const variant = ready.variants[encoding];
    res.writeHead(200, variant.head);
    (res as ServerResponse & { [SENT_LENGTH]?: number })[SENT_LENGTH] = variant.body.length;
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
    return true;
  }

  return { respond, serve, size: pages.size };
}

/** A page, feed or sitemap its route marks public (PUBLIC_PAGE_CACHE in the app); not JSON, whose
 * answers may differ by Origin (CORS). */
const isPublicPage = (headers: Headers) =>
  /^(text\/html|application\/atom\+xml|application\/xml)\b/.test(headers.get('Content-Type') ?? '') &&
  /\bpublic\b/.test(headers.get('Cache-Control') ?? '');

/**
 * The kept pages, least recently used first, within `maxBytes`: a page without a nonce also gets
 * its compressed variants and heads, made off the main thread once it is kept.
 */
function keptPages(maxBytes: number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function keep(key: string, entry: Entry) {
    drop(key);
    if (entry.size > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.size;
    trim();
    if (entry.nonce === null) void prepare(key, entry);
  }

  function trim() {
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** Makes the compressed variants and heads of a page without a nonce, off the main thread. */
  async function prepare(key: string, entry: Entry) {
    const identity = Buffer.from(entry.body);
    let compressed: [Buffer, Buffer];
    try {
      compressed = await Promise.all([
        gzip(identity, { level: 9 }),
        brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
      ]);
    } catch (error) {
      console.error('Render cache: compressing a page failed:', (error as Error).message);
      return;
    }
    // Dropped or replaced meanwhile: nothing to add.
    if (entries.get(key) !== entry) return;
    const [gzipped, brotlied] = compressed;
    const common = [
      ...entry.headers.flat(),
      'ETag',
      entry.etag,
      'Vary',
      'Accept-Encoding, Cookie',
      'X-Render-Cache',
      'hit',
    ];
    const variant = (body: Buffer, encoding: Encoding): Variant => ({
      body,
      head: [
        ...common,
        ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
        'Content-Length',
        String(body.length),
      ],
    });
    entry.ready = {
      variants: {
        identity: variant(identity, 'identity'),
        gzip: variant(gzipped, 'gzip'),
        br: variant(brotlied, 'br'),
      },
      notModified: common.filter((_, i, all) => {
        const name = all[i - (i % 2)].toLowerCase();
        return name !== 'content-type' && name !== 'content-security-policy';
      }),
    };
    const added = identity.length + gzipped.length + brotlied.length;
    entry.size += added;
    bytes += added;
    trim();
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  }

  return {
    get: (key: string) => entries.get(key),
    /** Marks a page used now: the last to go. */
    touch(key: string, entry: Entry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    keep,
    size: () => ({ entries: entries.size, bytes }),
  };
}

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

const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The encoding to send under `accept` (an Accept-Encoding header): the one with the highest q, br
 * before gzip before identity among equals; identity unless refused (q=0, or `*;q=0` without
 * naming it); null when everything is refused.
 */
export function chosenEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return 'identity';
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const [key, number] = param.trim().split('=');
      if (key === 'q') value = Number(number);
    }
    q.set(name, Number.isNaN(value) ? 0 : value);
  }
  const star = q.get('*');
  const weight = (encoding: Encoding) => q.get(encoding) ?? star ?? (encoding === 'identity' ? 1 : 0);
  let best: Encoding | null = null;
  for (const encoding of PREFERENCE) {
    const value = weight(encoding);
    if (value > 0 && (best === null || value > weight(best))) best = encoding;
  }
  return best;
}
