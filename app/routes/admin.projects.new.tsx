// /admin/projects/new — a new portfolio project (docs/product.md §2). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { useActionData } from '@remix-run/react';
import { requireAdmin, submitProjectForm } from '~/.server';
import { ProjectForm } from '~/components/project-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'New Project', description: 'Add a project to the portfolio.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export const action = ({ request }: ActionFunctionArgs) => submitProjectForm(request, null);

export default function NewProject() {
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>New project</h1>
      <ProjectForm project={null} lastResult={lastResult} />
    </>
  );
}
