// GET /loops/{name}: one landing-page clip as a document of its own, framed lazily by / (see
// lib/loop-videos.ts). Only this site may frame it.
import type { LoaderFunctionArgs } from '@remix-run/node';

import { notFound, scriptHash } from '~/.server';
import { LOOP_VIDEO_SCRIPT, LOOP_VIDEOS, loopVideoDocument } from '~/lib/loop-videos';

export function loader({ params }: LoaderFunctionArgs) {
  const video = LOOP_VIDEOS.find((candidate) => candidate.name === params.name);
  if (!video) notFound('Not found');
  return new Response(loopVideoDocument(video), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Content-Security-Policy':
        `default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; ` +
        `script-src ${scriptHash(LOOP_VIDEO_SCRIPT)}; frame-ancestors 'self'`,
    },
  });
}
