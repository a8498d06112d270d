// /admin/projects/{id}/edit — edit a portfolio project (docs/product.md §2). Admins only; an
// unknown id is the 404 page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { useActionData, useLoaderData } from '@remix-run/react';
import { admin, requireAdmin, submitProjectForm, notFound } from '~/.server';
import { ProjectForm } from '~/components/project-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Edit Project', description: 'Edit a project of the portfolio.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const project = await admin.projects.byId(params.projectId ?? '');
  if (!project) notFound();
  return { project };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  submitProjectForm(request, params.projectId ?? '');

export default function EditProject() {
  const { project } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>Edit {project.name}</h1>
      <ProjectForm project={project} lastResult={lastResult} />
    </>
  );
}
