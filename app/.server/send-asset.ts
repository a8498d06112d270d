// The HTTP side of /assets/{id} and /assets/{id}/{filename} (docs/architecture.md §5 and 6).
import contentDisposition from 'content-disposition';
import { redirect } from '@remix-run/node';
import { store } from './store';
import { clientHas } from './http';
import { fallbackLocation } from '~/lib/images';

export async function sendAsset(request: Request, id: string | undefined) {
  const url = new URL(request.url);
  const widthParam = url.searchParams.get('w');
  const width = widthParam && /^\d{1,4}$/.test(widthParam) ? Number(widthParam) : undefined;
  const ifNoneMatch = request.headers.get('If-None-Match');
  const file = id ? await store.assets.file(id, width, ifNoneMatch) : null;
  if (!file) {
    const fallback = fallbackLocation(url.searchParams);
    if (fallback) return redirect(fallback, { headers: { 'Cache-Control': 'no-cache' } });
    return new Response('Asset not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  // An asset id never changes content: cache for a year.
  const cacheControl = 'public, max-age=31536000, immutable';
  if (file === 'not-modified')
    return new Response(null, {
      status: 304,
      headers: { ETag: ifNoneMatch ?? '', 'Cache-Control': cacheControl },
    });
  const headers = new Headers({
    'Content-Type': file.mimeType,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // Only images render in the browser; anything else is a download, whatever its name says.
    'Content-Disposition': contentDisposition(file.filename, {
      type: file.isImage ? 'inline' : 'attachment',
    }),
  });
  if (file.etag) headers.set('ETag', file.etag);
  if (file.etag && clientHas(request, file.etag)) {
    file.close?.();
    return new Response(null, { status: 304, headers });
  }
  if (file.size !== null) headers.set('Content-Length', String(file.size));
  if (request.method === 'HEAD') {
    file.close?.();
    return new Response(null, { headers });
  }
  return new Response(file.open(), { headers });
}
