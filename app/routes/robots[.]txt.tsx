import { config } from '~/.server';

export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /profile',
    'Disallow: /posts/new',
    'Disallow: /posts/edit/',
    `Sitemap: ${config.PUBLIC_URL}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
