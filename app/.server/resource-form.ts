// The action of the admin's resource form, for a new resource and an existing one
// (/admin/resources/new, /admin/resources/{id}): checked by ResourceFormSchema, the photo
// prepared, then saved by bookings.admin.resources.save (the slug and induction checked there).
import { redirect } from '@remix-run/node';
import { notFound } from './http';
import { discardUploads, formReply, FORM_LIMITS, parseForm, readForm, tooLarge } from './forms';
import { prepareImageFields } from './uploads';
import { ResourceFormSchema } from '~/lib/bookings/schemas';
import { bookings } from './bookings';
import type { Actor } from './audit';

/** `actor`: the signed-in admin (the route checks the role first). */
export async function submitResourceForm(request: Request, resourceId: string | null, actor: Actor) {
  if (resourceId && !(await bookings.admin.resources.byId(resourceId))) notFound();
  const formData = await readForm(request, FORM_LIMITS.member);
  if (!formData) return tooLarge(FORM_LIMITS.member);
  try {
    const { submission, refused } = parseForm(formData, ResourceFormSchema, FORM_LIMITS.member);
    if (refused) return refused;
    if (submission.status !== 'success') return formReply(submission.reply());
    const prepared = await prepareImageFields(formData, ['photo'] as const);
    if (Object.keys(prepared.errors).length) {
      prepared.discardAll();
      return formReply(submission.reply({ fieldErrors: prepared.errors }));
    }
    const outcome = await bookings.admin.resources.save(
      resourceId,
      submission.value,
      { choice: prepared.images.photo, remove: submission.value.removePhoto },
      actor,
    );
    if (outcome.status === 'not-found') notFound();
    if (outcome.status === 'invalid')
      return formReply(submission.reply({ fieldErrors: outcome.fieldErrors }));
    // Out of service: how many members were told, and whether their bookings went with it.
    const told = outcome.outOfService;
    const members = new Set(told?.bookings.map((row) => row.member.email)).size;
    return redirect(
      `/admin/resources?${new URLSearchParams({
        saved: outcome.slug,
        ...(told
          ? {
              told: String(members),
              bookings: String(told.bookings.length),
              cancelled: told.cancelled ? '1' : '0',
            }
          : {}),
      })}`,
    );
  } finally {
    discardUploads(formData);
  }
}
