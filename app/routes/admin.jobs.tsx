// /admin/jobs — the queue of timed work (docs/product.md §2, architecture §14): how many jobs wait,
// are due, run and are dead, how long the oldest owed one has been owed and what it is doing; the
// jobs themselves (due, running, waiting to try again, scheduled, dead) with their last error; each
// kind of job with its policy, schedule and last run, and each sweep with its own (the list:
// app/.server/job-kinds.ts). 'Retry' queues a dead job again (audited). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  admin,
  FORM_LIMITS,
  formError,
  formReply,
  JobRetrySchema,
  parseWithZod,
  readForm,
  redirect,
  requireAdmin,
  SECRET_PAGE_CACHE,
  tooLarge,
  UNKNOWN_FORM,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { TimedWork } from '~/components/timed-work';
import { useIsPending } from '~/components/pending';
import { instantText } from '~/lib/bookings/format';
import { waitedText } from '~/lib/waited';
import { pageMeta } from '~/lib/meta';

export const headers = () => SECRET_PAGE_CACHE;

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Jobs', description: 'Mails, reminders and housekeeping waiting to run.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, jobs, work] = await Promise.all([admin.jobs.stats(), admin.jobs.list(), admin.jobs.work()]);
  return { ...stats, jobs, ...work };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await readForm(request);
  if (!formData) return tooLarge(FORM_LIMITS.text);
  if (formData.get('intent') !== 'retry') return formReply(formError(UNKNOWN_FORM));
  const submission = parseWithZod(formData, { schema: JobRetrySchema });
  if (submission.status !== 'success') return formReply(submission.reply());
  const retried = await admin.jobs.retry(submission.value.id, user);
  return redirect(`/admin/jobs?${retried ? 'retried' : 'not-dead'}`);
}

/** What the oldest owed job is doing, in words. */
const OWED_TEXT = {
  due: 'waiting for a worker',
  running: 'an attempt is running',
  'lease-expired': 'its attempt outlived its lease: the worker stopped or hangs',
  'retry-wait': 'waiting to try again',
} as const;

/** The groups of the list, in order, with what their rows' 'State' says: what needs an eye first. */
const GROUPS = [
  ['due', 'Due now'],
  ['running', 'Running'],
  ['retrying', 'Will try again'],
  ['dead', 'Dead'],
  ['waiting', 'Scheduled'],
] as const;

export default function AdminJobs() {
  const { queued, due, running, dead, oldestOwed, jobs, kinds, sweeps } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const busy = useIsPending();
  const rows = GROUPS.flatMap(([group, label]) => jobs[group].map((job) => ({ ...job, label })));
  return (
    <>
      <h1>Jobs</h1>
      {params.has('retried') ? (
        <p className="form-success" role="status">
          Queued again: it runs within a few seconds.
        </p>
      ) : params.has('not-dead') ? (
        <p className="form-banner" role="alert">
          That job is not dead any more: it has already been retried or has run.
        </p>
      ) : null}
      <p>
        Mails, reminders and the hourly housekeeping, run by every instance of the site. A job that fails is
        tried again by its kind's policy (below); after its last try it is dead. A mail the mail server
        refuses for good is dead at once, and so is a job whose payload does not fit its kind.
      </p>
      <dl className="job-figures">
        <div>
          <dt>Waiting</dt>
          <dd>{queued}</dd>
        </div>
        <div>
          <dt>Due now</dt>
          <dd>{due}</dd>
        </div>
        <div>
          <dt>Running</dt>
          <dd>{running}</dd>
        </div>
        <div>
          <dt>Dead</dt>
          <dd>{dead}</dd>
        </div>
        <div>
          <dt>Oldest owed job</dt>
          <dd>
            {oldestOwed
              ? `owed for ${waitedText(oldestOwed.seconds)}, ${OWED_TEXT[oldestOwed.state]}`
              : 'nothing is owed'}
          </dd>
        </div>
      </dl>
      <h2>The jobs</h2>
      <p className="muted">Up to 50 of each state: due, running, waiting to try again, dead and scheduled.</p>
      {rows.length ? (
        <AdminTable label="Jobs" columns={['Job', 'State', 'Due', 'Tries', 'Last error', 'Actions']}>
          {rows.map((job) => (
            <tr key={job.id}>
              <td data-label="Job">
                {job.kind}: {job.about}
                <br />
                <span className="muted">{job.key}</span>
              </td>
              <td data-label="State">
                {job.owed === 'lease-expired' ? 'Running past its lease' : job.label}
                {job.state === 'failed' && job.owed === 'retry-wait' ? (
                  <>
                    {' '}
                    at <time dateTime={job.runAt}>{instantText(job.runAt)}</time>
                  </>
                ) : null}
              </td>
              <td data-label="Due">
                <time dateTime={job.dueAt}>{instantText(job.dueAt)}</time>
              </td>
              <td data-label="Tries">{job.attempts}</td>
              <td data-label="Last error">{job.lastError}</td>
              <td data-label="Actions">
                {job.state === 'dead' ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="id" value={job.id} />
                    <button
                      type="submit"
                      className="button button-small"
                      disabled={busy}
                      aria-label={`Retry ${job.kind} job ${job.key}`}
                    >
                      Retry
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="empty-state">No job is owed, scheduled or dead.</p>
      )}
      <TimedWork kinds={kinds} sweeps={sweeps} />
    </>
  );
}
