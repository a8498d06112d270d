// /admin/inductions — the inductions that gate resources (docs/product.md §10): each with how long
// it is valid, who holds it and who may sign members off, and a form for a new one. Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';

import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  bookings,
  FORM_LIMITS,
  formReply,
  InductionFormSchema,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { InductionForm, validFor } from '~/components/induction-form';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Inductions (admin)', description: 'The inductions that gate resources.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { inductions: await bookings.admin.inductions.list() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: InductionFormSchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const outcome = await bookings.admin.inductions.save(null, submission.value, user);
  if (outcome.status === 'saved') return redirect(`/admin/inductions/${outcome.id}?done=saved`);
  return formReply(
    submission.reply({ fieldErrors: outcome.status === 'invalid' ? outcome.fieldErrors : {} }),
  );
}

export default function AdminInductions() {
  const { inductions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <>
      <h1>Inductions</h1>
      <p>
        An induction gates one or more resources. Admins and the inductors named for it sign members off;
        inductors also see members' requests at <Link to="/inductions">/inductions</Link>.
      </p>
      {inductions.length ? (
        <AdminTable
          label="Inductions"
          columns={['Induction', 'Valid for', 'Members holding it', 'Inductors', 'Resources', 'Actions']}
        >
          {inductions.map((induction) => (
            <tr key={induction.id}>
              <td data-label="Induction">{induction.name}</td>
              <td data-label="Valid for">{validFor(induction.validMonths)}</td>
              <td data-label="Members holding it">{induction.holders}</td>
              <td data-label="Inductors">{induction.inductors}</td>
              <td data-label="Resources">{induction.resources}</td>
              <td>
                <Link
                  to={`/admin/inductions/${induction.id}`}
                  className="button button-small button-secondary"
                  aria-label={`Manage ${induction.name}`}
                >
                  Manage
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No inductions yet.</p>
      )}
      <InductionForm title="New induction" lastResult={lastResult} submit="Create induction" />
    </>
  );
}
