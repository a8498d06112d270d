// The HTTP side of /assets/{id} and /assets/{id}/{filename} (docs/architecture.md §5 and 6).
import fs from 'node:fs';
import contentDisposition from 'content-disposition';
import { createReadableStreamFromReadable, redirect } from '@remix-run/node';
import { api } from './api';
import { fallbackLocation } from '~/lib/images';

export async function sendAsset(request: Request, id: string | undefined) {
  const url = new URL(request.url);
  const widthParam = url.searchParams.get('w');
  const width = widthParam && /^\d{1,4}$/.test(widthParam) ? Number(widthParam) : undefined;
  const file = id ? await api.assets.file(id, width) : null;
  if (!file) {
    const fallback = fallbackLocation(url.searchParams);
    if (fallback) return redirect(fallback, { headers: { 'Cache-Control': 'no-cache' } });
    return new Response('Asset not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const headers = new Headers({
    'Content-Type': file.mimeType,
    ETag: file.etag,
    // An asset id never changes content: cache for a year.
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // Only images render in the browser; anything else is a download, whatever its name says.
    'Content-Disposition': contentDisposition(file.filename, {
      type: file.isImage ? 'inline' : 'attachment',
    }),
  });
  if (request.headers.get('If-None-Match') === file.etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(file.size));
  if (request.method === 'HEAD') return new Response(null, { headers });
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file.path)), { headers });
}
