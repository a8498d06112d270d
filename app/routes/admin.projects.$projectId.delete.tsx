// /admin/projects/{id}/delete — the confirmation step for deleting a project (docs/product.md §2).
// Admins only; an unknown id is the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { admin, notFound, redirect, requireAdmin } from '~/.server';
import { DeleteButtons } from '~/components/delete-buttons';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Delete Project', description: 'Delete a project of the portfolio.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const project = await admin.projects.byId(params.projectId ?? '');
  if (!project) notFound();
  return { project: { name: project.name, slug: project.slug, team: project.members.length } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const removed = await admin.projects.remove(params.projectId ?? '', user);
  if (!removed) notFound();
  return redirect(`/admin/projects?${new URLSearchParams({ deleted: removed.name })}`);
}

export default function DeleteProject() {
  const { project } = useLoaderData<typeof loader>();
  return (
    <div className="card narrow-card">
      <h1>Delete {project.name}?</h1>
      <p>
        The project page /portfolio/{project.slug}, its banner and logo go for good; its{' '}
        {project.team === 1 ? '1 team member stays' : `${project.team} team members stay`} a member of the
        site. The audit log keeps a line saying you did it.
      </p>
      <Form method="post">
        <DeleteButtons cancelTo="/admin/projects" label="Delete project" />
      </Form>
    </div>
  );
}
