// The access log (morgan 'tiny''s fields) without what a query string may carry: reset codes, invite
// keys and OAuth codes are bearer credentials, e-mail addresses and searches are personal. A value
// is written only for parameters known to carry neither; any other (a new one included) shows `…`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import morgan from 'morgan';

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

/** The path and query of `url` as the log writes them. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
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

/** morgan 'tiny' with the URL as loggedUrl writes it. */
export const accessLog = (options?: morgan.Options<IncomingMessage, ServerResponse>) =>
  morgan<IncomingMessage, ServerResponse>(
    (tokens, req, res) =>
      [
        tokens.method(req, res),
        loggedUrl((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? ''),
        tokens.status(req, res),
        tokens.res(req, res, 'content-length'),
        '-',
        tokens['response-time'](req, res),
        'ms',
      ]
        // as morgan writes a missing field
        .map((field) => field ?? '-')
        .join(' '),
    options,
  );
