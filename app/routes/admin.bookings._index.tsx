// /admin/bookings — the lab's day as staff see it (docs/product.md §10): who is in the lab now;
// bookings and maintenance by resource, day and member (`?resource=&day=&member=&page=`, a plain
// GET form) with the previous and next day, each member's booking with 'Cancel booking' and a
// reason they are e-mailed, each resource's printable day sheet and the day as a CSV file
// (/admin/bookings/csv). Admins only.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  bookings,
  data,
  FORM_LIMITS,
  LabCancelSchema,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  tooLarge,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { ErrorList } from '~/components/forms';
import { useIsPending } from '~/components/pending';
import { instantText, statusText, whenText } from '~/lib/bookings/format';
import { addDays, labClock, labDayOf, longDayName, parseLabDay } from '~/lib/bookings/time';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Bookings (admin)',
    description: 'The lab’s bookings by resource, day and member.',
  });

/** The filters of the address, each checked: an unknown day or a long name is dropped, not an error. */
function filtersOf(params: URLSearchParams) {
  const asked = Number(params.get('page'));
  return {
    resource: params.get('resource')?.slice(0, 100) || null,
    day: parseLabDay(params.get('day')),
    member: params.get('member')?.trim().slice(0, 64) || null,
    page: Number.isInteger(asked) && asked > 1 ? Math.min(asked, 10_000) : 1,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const [found, resources, inTheLab] = await Promise.all([
    bookings.admin.bookings.list(filters),
    bookings.resources.list(),
    bookings.admin.bookings.inTheLab(),
  ]);
  return {
    inTheLab: inTheLab.map(({ booking, member }) => ({
      id: booking.id,
      resource: booking.resource,
      member: member!,
      since: instantText(booking.checkedInAt ?? booking.start),
      until: labClock(new Date(booking.end)),
    })),
    filters,
    day: found.day,
    dayName: found.day ? longDayName(found.day) : null,
    more: found.more,
    cancelled: params.get('cancelled') === '1',
    resources: resources.map((resource) => ({ slug: resource.slug, name: resource.name })),
    rows: found.rows.map(({ booking, member }) => ({
      id: booking.id,
      kind: booking.kind,
      // On a day's list the times are enough, unless it reaches into another day.
      when:
        found.day &&
        labDayOf(new Date(booking.start)) === found.day &&
        labDayOf(new Date(booking.end)) === found.day
          ? `${labClock(new Date(booking.start))}–${labClock(new Date(booking.end))}`
          : whenText(booking),
      resource: booking.resource,
      member,
      note: booking.kind === 'maintenance' ? booking.reason : booking.note,
      status: booking.kind === 'booking' ? statusText(booking.status) : null,
      cancellable: booking.status === 'active',
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  const submission = parseWithZod(formData, { schema: LabCancelSchema });
  const bookingId = String(formData.get('bookingId') ?? '');
  if (submission.status !== 'success') return data({ bookingId, result: submission.reply() }, 400);
  const outcome = await bookings.admin.bookings.cancel(
    submission.value.bookingId,
    submission.value.reason,
    user,
  );
  if (outcome.status === 'not-found')
    return data(
      { bookingId, result: submission.reply({ formErrors: ['That booking is already cancelled.'] }) },
      409,
    );
  // Back to the same filters, saying so.
  const back = new URL(request.url).searchParams;
  back.delete('index');
  back.set('cancelled', '1');
  return redirect(`/admin/bookings?${back}`);
}

export default function AdminBookings() {
  const { filters, day, dayName, more, cancelled, resources, rows, inTheLab } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  /** The page's address with its filters, some changed: another page, another day, the CSV. */
  const linkTo = (changed: Partial<Record<keyof typeof filters, string | number | null>>, path = '') => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, page: null, ...changed }))
      if (value) params.set(key, String(value));
    return `/admin/bookings${path}?${params}`;
  };
  const pageLink = (page: number) => linkTo({ page: page > 1 ? page : null });
  return (
    <>
      <h1>Bookings</h1>
      {cancelled ? (
        <p className="form-success" role="status">
          Booking cancelled; the member was e-mailed the reason.
        </p>
      ) : null}
      <section aria-labelledby="in-the-lab-heading">
        <h2 id="in-the-lab-heading">In the lab now</h2>
        {inTheLab.length ? (
          <ul className="in-the-lab">
            {inTheLab.map((row) => (
              <li key={row.id}>
                {row.member.fullname} (@{row.member.username}) at{' '}
                <Link to={`/resources/${row.resource.slug}`}>{row.resource.name}</Link>, checked in since{' '}
                {row.since}, booked until {row.until}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">Nobody is checked in now.</p>
        )}
      </section>
      <Form method="get" action="/admin/bookings" className="card admin-form filter-form">
        <div className="field">
          <label htmlFor="filter-resource">Resource</label>
          <select id="filter-resource" name="resource" defaultValue={filters.resource ?? ''}>
            <option value="">Every resource</option>
            {resources.map((resource) => (
              <option key={resource.slug} value={resource.slug}>
                {resource.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-day">Day</label>
          <input id="filter-day" name="day" type="date" defaultValue={filters.day ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="filter-member">Member’s username</label>
          <input id="filter-member" name="member" defaultValue={filters.member ?? ''} autoComplete="off" />
        </div>
        <button type="submit" className="button">
          Show bookings
        </button>
      </Form>
      <h2>{dayName ?? `Upcoming for @${filters.member}`}</h2>
      {day ? (
        <nav aria-label="Days" className="pager day-pager">
          <Link to={linkTo({ day: addDays(day, -1) })} rel="prev">
            Previous day
          </Link>
          <a href={linkTo({ day }, '/csv')} download>
            Download CSV<span className="visually-hidden"> of {dayName}</span>
          </a>
          <Link to={linkTo({ day: addDays(day, 1) })} rel="next">
            Next day
          </Link>
        </nav>
      ) : null}
      {day ? (
        <nav aria-label="Day sheets" className="sheet-links">
          <span>Day sheets to print: </span>
          {resources
            .filter((resource) => !filters.resource || resource.slug === filters.resource)
            .map((resource) => (
              <Link key={resource.slug} to={`/admin/bookings/sheet?resource=${resource.slug}&day=${day}`}>
                {resource.name}
              </Link>
            ))}
        </nav>
      ) : null}
      {rows.length ? (
        <AdminTable
          label="Bookings found"
          columns={['When (Dublin time)', 'Resource', 'Member', 'Note', 'Actions']}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="When">
                {row.when}
                {row.status ? (
                  <>
                    <br />
                    <strong>{row.status}</strong>
                  </>
                ) : null}
              </td>
              <td data-label="Resource">
                <Link to={`/resources/${row.resource.slug}`}>{row.resource.name}</Link>
              </td>
              <td data-label="Member">
                {row.member ? (
                  <>
                    {row.member.fullname} (
                    <Link to={`/admin/bookings?member=${row.member.username}`}>@{row.member.username}</Link>)
                  </>
                ) : (
                  'Maintenance'
                )}
              </td>
              <td data-label="Note">{row.note}</td>
              <td data-label="Actions">
                {row.member && row.cancellable ? (
                  <CancelForm
                    bookingId={row.id}
                    label={`${row.resource.name}, ${row.when}, @${row.member.username}`}
                    lastResult={
                      answer && 'bookingId' in answer && answer.bookingId === row.id
                        ? answer.result
                        : undefined
                    }
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No bookings match.</p>
      )}
      {filters.page > 1 || more ? (
        <nav className="pager" aria-label="Booking pages">
          {filters.page > 1 ? (
            <Link to={pageLink(filters.page - 1)} rel="prev">
              Earlier
            </Link>
          ) : null}
          {more ? (
            <Link to={pageLink(filters.page + 1)} rel="next">
              Later
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** 'Cancel booking' for the lab: the reason is required and e-mailed to the member. */
function CancelForm({
  bookingId,
  label,
  lastResult,
}: {
  bookingId: string;
  /** which booking, for the field's label */
  label: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ reason: string }>({
    id: `cancel-${bookingId}`,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="inline-form">
      <input type="hidden" name="bookingId" value={bookingId} />
      {form.errors ? (
        <p id={form.errorId} className="field-errors" role="alert">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={fields.reason.id}>
          Reason<span className="visually-hidden"> to cancel {label}</span>
        </label>
        <input
          {...getInputProps(fields.reason, { type: 'text' })}
          aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}
        />
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <button type="submit" className="button button-small button-danger" disabled={busy}>
        Cancel booking
      </button>
    </Form>
  );
}
