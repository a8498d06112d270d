// GET /avatar.svg?name=Ada%20Lovelace: the fallback avatar, initials on a colour (docs/product.md §3).
import type { LoaderFunctionArgs } from '@remix-run/node';

import { initialsSvg } from '~/lib/initials';

export function loader({ request }: LoaderFunctionArgs) {
  const name = (new URL(request.url).searchParams.get('name') ?? '').slice(0, 200);
  return new Response(initialsSvg(name), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
