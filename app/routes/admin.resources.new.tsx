// /admin/resources/new — a new resource with its rules (docs/product.md §10). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { useActionData, useLoaderData } from '@remix-run/react';
import { bookings, config, requireAdmin, submitResourceForm } from '~/.server';
import { ResourceForm } from '~/components/lazy-resource-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'New Resource', description: 'Add a machine members can book.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [inductions, credits] = await Promise.all([
    bookings.admin.inductions.list(),
    bookings.admin.resources.creditChoices(),
  ]);
  return { inductions, credits, labMaxUpcoming: config.BOOKING_MAX_UPCOMING };
}

export const action = async ({ request }: ActionFunctionArgs) =>
  submitResourceForm(request, null, await requireAdmin(request));

export default function NewResource() {
  const { inductions, credits, labMaxUpcoming } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>New resource</h1>
      <ResourceForm
        resource={null}
        inductions={inductions}
        credits={credits}
        labMaxUpcoming={labMaxUpcoming}
        lastResult={lastResult}
      />
    </>
  );
}
