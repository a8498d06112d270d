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
  return { inductions: await bookings.admin.inductions.list(), labMaxUpcoming: config.BOOKING_MAX_UPCOMING };
}

export const action = async ({ request }: ActionFunctionArgs) =>
  submitResourceForm(request, null, await requireAdmin(request));

export default function NewResource() {
  const { inductions, labMaxUpcoming } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>New resource</h1>
      <ResourceForm
        resource={null}
        inductions={inductions}
        labMaxUpcoming={labMaxUpcoming}
        lastResult={lastResult}
      />
    </>
  );
}
