// The action of the admin's project form, for a new project and an existing one
// (/admin/projects/new, /admin/projects/{id}): checked by ProjectFormSchema, images prepared, then
// saved by saveProject, which checks the slug and the team against the store.
import { redirect } from '@remix-run/node';
import { notFound } from '../http';
import { discardUploads, formReply, FORM_LIMITS, parseForm, readForm, tooLarge } from '../forms';
import { prepareImageFields } from '../uploads';
import { ProjectFormSchema } from '~/lib/schemas';
import { admin } from '.';
import { requireAdmin } from './roles';

export async function submitProjectForm(request: Request, projectId: string | null) {
  const user = await requireAdmin(request);
  if (projectId && !(await admin.projects.byId(projectId))) notFound();
  const formData = await readForm(request, FORM_LIMITS.member);
  if (!formData) return tooLarge(FORM_LIMITS.member);
  try {
    const { submission, refused } = parseForm(formData, ProjectFormSchema, FORM_LIMITS.member);
    if (refused) return refused;
    // Adding, moving or removing a team row (a button without JavaScript) only re-renders.
    if (submission.status !== 'success') return formReply(submission.reply());
    const prepared = await prepareImageFields(formData, ['banner', 'logo'] as const);
    if (Object.keys(prepared.errors).length) {
      prepared.discardAll();
      return formReply(submission.reply({ fieldErrors: prepared.errors }));
    }
    const outcome = await admin.projects.save(projectId, submission.value, prepared.images, user);
    if (outcome.status === 'not-found') notFound();
    if (outcome.status === 'invalid')
      return formReply(submission.reply({ fieldErrors: outcome.fieldErrors }));
    return redirect(`/admin/projects?${new URLSearchParams({ saved: outcome.slug })}`);
  } finally {
    discardUploads(formData);
  }
}
