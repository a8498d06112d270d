// The access log (morgan 'tiny''s fields, written without morgan) without what a query string may carry: reset codes, invite
// keys and OAuth codes are bearer credentials, e-mail addresses and searches are personal. A value
// is written only for parameters known to carry neither; any other (a new one included) shows `…`.
import type { IncomingMessage, ServerResponse } from 'node:http';

const SHOWN = new Set([
  '_data',
  'index',
  'page',
  'w',
  'done',
  'updated',
  'edit',
  'deleted',
  'step',
  'notice',
  'listing',
  'error',
  'tag',
  'team',
]);

/** A private calendar feed's address, the one form it answers at: its token is the feed's only secret (docs/architecture.md §6). */
const FEED_PATH = /^\/calendar\/[A-Za-z0-9_-]+\.ics$/;

/**
 * Any other spelling of a feed's address (`/CALENDAR/…`, `.ICS`, `%2Eics`, a trailing, doubled or
 * back slash, `/./`): the feed answers none of them, but a member who typed one has still sent
 * their token, so the log keeps nothing after the `calendar` segment, in any case or escape.
 */
function underCalendar(path: string): boolean {
  // Escapes decoded byte by byte (a bad one elsewhere cannot stop it), twice over for `%2563`.
  let decoded = path;
  for (let round = 0; round < 3; round++)
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /(^|[/\\])calendar[/\\]+[^/\\]/i.test(decoded);
}

/** The path and query of `url` as the log writes them. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  const asked = mark === -1 ? url : url.slice(0, mark);
  const path = FEED_PATH.test(asked)
    ? '/calendar/[token].ics'
    : underCalendar(asked)
      ? '/calendar/[redacted]'
      : asked;
  if (mark === -1) return path;
  let params: URLSearchParams;
  try {
    // URLSearchParams never throws on bad escapes; decodeURIComponent of a name below might.
    params = new URLSearchParams(url.slice(mark + 1));
  } catch {
    return path;
  }
  const written = [...params].map(([name, value]) => {
    const shownName = encodeURIComponent(name);
    if (!SHOWN.has(name)) return `${shownName}=…`;
    return value === '' && !url.includes(`${name}=`)
      ? shownName
      : `${shownName}=${encodeURIComponent(value)}`;
  });
  return written.length ? `${path}?${written.join('&')}` : path;
}

/** Where an answer written by writeHead with its headers as an array says its body's length. */
export const SENT_LENGTH = Symbol('sent length');

/**
 * One line per request, as morgan's 'tiny' wrote it (method, URL as loggedUrl writes it, status,
 * length, time), when its answer is done or the client left: `next` is for Express.
 */
export const accessLog =
  ({ stream = process.stdout }: { stream?: { write: (line: string) => unknown } } = {}) =>
  (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    const start = performance.now();
    res.once('close', () => {
      const length =
        res.getHeader('content-length') ?? (res as ServerResponse & { [SENT_LENGTH]?: number })[SENT_LENGTH];
      stream.write(
        `${req.method} ${loggedUrl((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '')} ${res.headersSent ? res.statusCode : '-'} ${length ?? '-'} - ${(performance.now() - start).toFixed(3)} ms\n`,
      );
    });
    next?.();
  };
