// /admin/projects — the portfolio as admins edit it (docs/product.md §2): every project with links
// to edit and delete it, and 'New project'. Admins only; anyone else gets the 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useLoaderData } from '@remix-run/react';
import { admin, requireAdmin } from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Projects (admin)', description: 'The projects of the portfolio.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const note = (name: string) => url.searchParams.get(name)?.slice(0, 120) ?? null;
  const projects = await admin.projects.list();
  return {
    saved: note('saved'),
    deleted: note('deleted'),
    projects: projects.map((project) => ({
      id: project.id,
      slug: project.slug,
      name: project.name,
      featured: project.featured,
      tags: project.tags,
      team: project.members.length,
    })),
  };
}

export default function AdminProjects() {
  const { saved, deleted, projects } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="card-heading-row">
        <h1>Projects</h1>
        <Link to="/admin/projects/new" className="button">
          New project
        </Link>
      </div>
      {saved ? (
        <p className="form-success" role="status">
          Saved. The project is at <Link to={`/portfolio/${saved}`}>/portfolio/{saved}</Link>.
        </p>
      ) : null}
      {deleted ? (
        <p className="form-success" role="status">
          Deleted {deleted}.
        </p>
      ) : null}
      {projects.length ? (
        <AdminTable label="Projects" columns={['Project', 'Featured', 'Tags', 'Team', 'Actions']}>
          {projects.map((project) => (
            <tr key={project.id}>
              <td data-label="Project">
                <Link to={`/portfolio/${project.slug}`}>{project.name}</Link>
                <br />
                <span className="muted">/portfolio/{project.slug}</span>
              </td>
              <td data-label="Featured">{project.featured ? 'Yes' : 'No'}</td>
              <td data-label="Tags">{project.tags.join(', ')}</td>
              <td data-label="Team">{project.team}</td>
              <td>
                <div className="row-actions">
                  <Link
                    to={`/admin/projects/${project.id}/edit`}
                    className="button button-small button-secondary"
                    aria-label={`Edit ${project.name}`}
                  >
                    Edit
                  </Link>
                  <Link
                    to={`/admin/projects/${project.id}/delete`}
                    className="button button-small button-secondary"
                    aria-label={`Delete ${project.name}`}
                  >
                    Delete
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No projects yet.</p>
      )}
    </>
  );
}
