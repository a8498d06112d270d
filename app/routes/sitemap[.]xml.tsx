// /sitemap.xml: the public pages, every member, post, project and machine to book.
import { bookings, store, config } from '~/.server';
import { escapeHtml } from '~/lib/html';

export async function loader() {
  const [members, projects, resources] = await Promise.all([
    store.members.list(),
    store.projects.list(),
    bookings.resources.list(),
  ]);
  const paths = ['/', '/members', '/portfolio', '/resources', '/terms', '/privacy'];
  for (const member of members) {
    const id = member.username.toLowerCase();
    paths.push(`/members/${id}`, ...member.posts.map((post) => `/posts/${id}/${post.slug}`));
  }
  paths.push(...projects.map((project) => `/portfolio/${project.slug}`));
  paths.push(...resources.map((resource) => `/resources/${resource.slug}`));
  const urls = paths
    .map((path) => `  <url><loc>${escapeHtml(config.PUBLIC_URL + path)}</loc></url>`)
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } },
  );
}
