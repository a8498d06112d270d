// /admin/resources/{id}/maintenance — blocking a resource's time for maintenance, ending a block
// early, and booking it for a member past the rules (docs/product.md §10). A block over members'
// bookings is refused with them listed, unless 'Also cancel those bookings' is ticked: then they
// are cancelled with it and their members e-mailed. A booking in use (checked in) or used (checked
// out, released) is never cancelled: the block is refused, saying when it can start. Time a block
// gives back (removed, ended early) is offered to the waiting list. Admins only; an unknown id is
// the 404 page.
import { instantText } from '~/lib/bookings/format';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  answer,
  bookings,
  FORM_LIMITS,
  labInstant,
  MaintenanceSchema,
  notFound,
  OnBehalfSchema,
  parseInstant,
  parseWithZod,
  ShortenMaintenanceSchema,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
  unknownForm,
  withNearestFree,
} from '~/.server';
import { FormBanner } from '~/components/forms';
import { MaintenanceForm, OnBehalfForm, ShortenForm } from '~/components/maintenance-forms';
import { answerFor, strayAnswerFor } from '~/lib/answer';
import type { Resource } from '~/lib/bookings/models';
import { labClock, labDayOf } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Maintenance (admin)', description: 'Block a resource for maintenance.' });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  const url = new URL(request.url);
  return {
    resource: { id: resource.id, slug: resource.slug, name: resource.name },
    blocks: (await bookings.admin.resources.maintenance(resource.id)).map((block) => ({
      id: block.id,
      when: block.when,
      reason: block.reason,
      by: block.bookedBy,
      endDay: labDayOf(new Date(block.end)),
      endTime: labClock(new Date(block.end)),
    })),
    notice: noticeText(url.searchParams),
  };
}

/** What the last change did, carried over its redirect. */
function noticeText(params: URLSearchParams) {
  const cancelled = Number(params.get('cancelled') ?? 0);
  if (params.has('added'))
    return cancelled
      ? `Maintenance block added. ${cancelled} booking${cancelled === 1 ? ' was' : 's were'} cancelled and ${cancelled === 1 ? 'its member' : 'their members'} e-mailed.`
      : 'Maintenance block added.';
  if (params.has('removed')) return 'Maintenance block removed.';
  const shortened = parseInstant(params.get('shortened'));
  if (shortened)
    return `Maintenance now ends at ${instantText(shortened.toISOString())}: the time after it is free to book, and offered to the waiting list.`;
  const booked = params.get('booked');
  if (booked) return `Booked for @${booked.slice(0, 40)}; they were e-mailed the confirmation.`;
  return null;
}

type Admin = Awaited<ReturnType<typeof requireAdmin>>;

/** Four kinds of form post here; each answer names its form (and block), so only that form shows it (app/lib/answer.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const resource = await bookings.admin.resources.byId(params.resourceId ?? '');
  if (!resource) notFound();
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  switch (formData.get('intent')) {
    case 'maintenance':
      return addBlock(resource, formData, user);
    case 'behalf':
      return bookOnBehalf(resource, formData, user);
    case 'remove':
      await bookings.admin.resources.removeMaintenance(
        resource.id,
        String(formData.get('block') ?? ''),
        user,
      );
      return redirect(`${pageOf(resource)}?removed=1`);
    case 'shorten':
      return shortenBlock(resource, formData, user);
    default:
      return unknownForm();
  }
}

const pageOf = (resource: Resource) => `/admin/resources/${resource.id}/maintenance`;

/** A maintenance block; refused with what stands in its time unless 'Also cancel' is ticked. */
async function addBlock(resource: Resource, formData: FormData, user: Admin) {
  const submission = parseWithZod(formData, { schema: MaintenanceSchema });
  if (submission.status !== 'success') return answer('maintenance', submission.reply());
  const { startDay, startTime, endDay, endTime, reason, alsoCancel } = submission.value;
  const outcome = await bookings.admin.resources.addMaintenance(
    resource.id,
    { start: labInstant(startDay, startTime), end: labInstant(endDay, endTime), reason, alsoCancel },
    user,
  );
  if (outcome.status === 'not-found') notFound();
  if (outcome.status === 'added')
    return redirect(`${pageOf(resource)}?added=1&cancelled=${outcome.cancelled.length}`);
  return answer('maintenance', submission.reply({ formErrors: [inTheWay(outcome)] }));
}

/** 'End early': the block's new end; refused next to the field when it is not inside the block. */
async function shortenBlock(resource: Resource, formData: FormData, user: Admin) {
  const item = String(formData.get('block') ?? '');
  const submission = parseWithZod(formData, { schema: ShortenMaintenanceSchema });
  if (submission.status !== 'success') return answer('shorten', submission.reply(), { item });
  const { block, endDay, endTime } = submission.value;
  const outcome = await bookings.admin.resources.shortenMaintenance(
    resource.id,
    { blockId: block, end: labInstant(endDay, endTime) },
    user,
  );
  if (outcome.status === 'shortened')
    return redirect(`${pageOf(resource)}?shortened=${encodeURIComponent(outcome.block.end)}`);
  return answer(
    'shorten',
    outcome.status === 'refused'
      ? submission.reply({ fieldErrors: { endTime: [outcome.message] } })
      : submission.reply({
          formErrors: ['That block is not planned any more: it was removed or has ended.'],
        }),
    { item, status: outcome.status === 'refused' ? 400 : 404 },
  );
}

/** Why a block was refused: what stands in its time, and what the admin can do. */
function inTheWay(
  outcome: Extract<
    Awaited<ReturnType<typeof bookings.admin.resources.addMaintenance>>,
    { status: 'blocked' | 'in-use' | 'bookings-stand' }
  >,
) {
  const { standing } = outcome;
  const list = standing.join('; ');
  const one = standing.length === 1;
  switch (outcome.status) {
    case 'blocked':
      return `A maintenance block already stands in that time: ${list}.`;
    case 'in-use':
      return `${one ? 'A booking' : `${standing.length} bookings`} in that time ${one ? 'is' : 'are'} in use or used: ${list}. A block never cancels ${one ? 'it' : 'them'}: start it at ${instantText(outcome.from)} or later.`;
    case 'bookings-stand':
      return `${standing.length} booking${one ? ' stands' : 's stand'} in that time: ${list}. Tick ‘Also cancel those bookings’ to cancel ${one ? 'it' : 'them'} and e-mail ${one ? 'its member' : 'their members'}.`;
  }
}

/** A booking for a member past the rules; a safety gate needs 'Book anyway'. */
async function bookOnBehalf(resource: Resource, formData: FormData, user: Admin) {
  const submission = parseWithZod(formData, { schema: OnBehalfSchema });
  if (submission.status !== 'success') return answer('behalf', submission.reply());
  const { username, day, time, minutes, reason, note, override } = submission.value;
  const outcome = await bookings.admin.resources.bookFor(
    resource.id,
    { username, start: labInstant(day, time), minutes, note, reason, override },
    user,
  );
  if (outcome.status === 'booked')
    return redirect(`${pageOf(resource)}?booked=${encodeURIComponent(username)}`);
  if (outcome.status === 'not-found') notFound();
  const fieldErrors: Record<string, string[]> =
    outcome.status === 'unknown-member'
      ? { username: ['No member has this username'] }
      : outcome.status === 'taken'
        ? {
            time: [
              outcome.refusal.rule === 'mine'
                ? `@${username} already has a booking then.`
                : withNearestFree(outcome.refusal.message, outcome.nearest),
            ],
          }
        : outcome.refusal.overridable
          ? { override: [gateText(outcome.refusal, username, resource)] }
          : { [outcome.refusal.field === 'minutes' ? 'minutes' : 'time']: [outcome.refusal.message] };
  return answer('behalf', submission.reply({ fieldErrors }));
}

/** A safety gate a booking on behalf passes only with 'Book anyway', in the admin's words. */
function gateText(
  refusal: { rule: string; message: string },
  username: string,
  resource: { name: string; induction: { name: string } | null },
) {
  if (refusal.rule === 'credits')
    return `@${username} cannot pay for it: ${refusal.message.replace(/^You need/, 'they need')} Tick ‘Book anyway’ to book it holding what they have; the reason goes in the audit log.`;
  const gate =
    refusal.rule === 'status'
      ? `${resource.name} is out of service.`
      : `@${username} does not hold a valid ${resource.induction?.name ?? 'induction'}.`;
  return `${gate} Tick ‘Book anyway’ to book past it; the reason goes in the audit log.`;
}

export default function ResourceMaintenance() {
  const { resource, blocks, notice } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // Forms post to the page's own address without the last change's notice (?added=1...).
  const here = `/admin/resources/${resource.id}/maintenance`;
  return (
    <>
      <h1>{resource.name}: maintenance and bookings</h1>
      <p>
        <Link to={`/admin/resources/${resource.id}`}>Edit {resource.name}</Link> ·{' '}
        <Link to={`/resources/${resource.slug}`}>Its calendar</Link>
      </p>
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      {/* A forged post, or 'End early' on a block that was removed meanwhile (no form shows it). */}
      <FormBanner
        errors={
          (
            answerFor(answered, null) ??
            strayAnswerFor(
              answered,
              'shorten',
              blocks.map((block) => block.id),
            )
          )?.result.error?.['']
        }
      />
      <MaintenanceForm action={here} lastResult={answerFor(answered, 'maintenance')?.result} />
      <section aria-labelledby="blocks-heading">
        <h2 id="blocks-heading">Upcoming maintenance</h2>
        {blocks.length ? (
          <ul className="maintenance-list">
            {blocks.map((block) => (
              <li key={block.id} className="card">
                <p>
                  <strong>{block.when}</strong> (Dublin time): {block.reason}
                  {block.by ? <span className="muted"> — {block.by}</span> : null}
                </p>
                <ShortenForm
                  action={here}
                  block={block}
                  lastResult={answerFor(answered, 'shorten', block.id)?.result}
                />
                <Form method="post" action={here}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="block" value={block.id} />
                  <button
                    type="submit"
                    className="button button-small button-secondary"
                    aria-label={`Remove the maintenance block ${block.when}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No maintenance planned.</p>
        )}
      </section>
      <OnBehalfForm action={here} lastResult={answerFor(answered, 'behalf')?.result} />
    </>
  );
}
