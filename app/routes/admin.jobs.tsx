// /admin/jobs — the queue of timed work (docs/product.md §2, architecture §14): how many jobs wait,
// are due, run and are dead, how long the oldest due one has waited, and the latest failures;
// 'Retry' queues a dead job again (audited). Admins only.
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
  tooLarge,
  UNKNOWN_FORM,
} from '~/.server';
import { AdminTable } from '~/components/admin-table';
import { useIsPending } from '~/components/pending';
import { waitedText } from '~/lib/waited';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Jobs', description: 'Mails, reminders and housekeeping waiting to run.' });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return admin.jobs.stats();
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

const STATE_TEXT: Record<string, string> = { failed: 'Will try again', dead: 'Dead' };

export default function AdminJobs() {
  const { queued, due, running, dead, oldestDueSeconds, failing } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const busy = useIsPending();
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
        tried again after 30 seconds, then 1, 2 and 4 minutes; after 5 tries it is dead.
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
          <dt>Oldest due job has waited</dt>
          <dd>{waitedText(oldestDueSeconds)}</dd>
        </div>
      </dl>
      <h2>Last errors</h2>
      {failing.length ? (
        <AdminTable label="Failing jobs" columns={['Job', 'State', 'Tries', 'Last error', 'Actions']}>
          {failing.map((job) => (
            <tr key={job.id}>
              <td data-label="Job">
                {job.kind}
                <br />
                <span className="muted">{job.key}</span>
              </td>
              <td data-label="State">
                {STATE_TEXT[job.state] ?? job.state}
                <br />
                <time dateTime={job.updated_at}>{job.updated_at.slice(0, 16).replace('T', ' ')} UTC</time>
              </td>
              <td data-label="Tries">{job.attempts}</td>
              <td data-label="Last error">{job.last_error}</td>
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
        <p className="empty-state">No job has failed lately.</p>
      )}
    </>
  );
}
