// The lab's timed work on /admin/jobs (architecture §14): each kind of job with its policy,
// schedule and last run, and each sweep with how often it runs and its last run and failure, as
// app/.server/job-kinds.ts lists them.
import { AdminTable } from '~/components/admin-table';
import { instantText } from '~/lib/bookings/format';
import { durationText, retryText } from '~/lib/waited';

interface KindRow {
  name: string;
  title: string;
  attempts: number;
  retryDelays: number[];
  staleAfter: number | null;
  staleWhen: string | null;
  every: string | null;
  lastDoneAt: string | null;
  lastFailedAt: string | null;
}

interface SweepRow {
  name: string;
  title: string;
  every: number;
  lastRunAt: string | null;
  instance: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

/** When a kind's job is dropped instead of run late, in words. */
const droppedText = (kind: { staleAfter: number | null; staleWhen: string | null }) =>
  kind.staleAfter !== null
    ? `if not run within ${durationText(kind.staleAfter)} of falling due`
    : (kind.staleWhen ?? 'never');

/** An instant, or what to say when there is none. */
function When({ at, none }: { at: string | null; none: string }) {
  return at ? <time dateTime={at}>{instantText(at)}</time> : <>{none}</>;
}

export function TimedWork({ kinds, sweeps }: { kinds: KindRow[]; sweeps: SweepRow[] }) {
  return (
    <>
      <h2>Kinds of job</h2>
      <p className="muted">
        Done and failed jobs are kept for 7 days, so a last run before that is not shown.
      </p>
      <AdminTable
        label="Kinds of job"
        columns={['Kind', 'Tries', 'Tried again after', 'Dropped', 'Queued', 'Last run']}
      >
        {kinds.map((kind) => (
          <tr key={kind.name}>
            <td data-label="Kind">
              {kind.title}
              <br />
              <span className="muted">{kind.name}</span>
            </td>
            <td data-label="Tries">{kind.attempts}</td>
            <td data-label="Tried again after">{retryText(kind)}</td>
            <td data-label="Dropped">{droppedText(kind)}</td>
            <td data-label="Queued">{kind.every ?? 'by the change that owes it'}</td>
            <td data-label="Last run">
              {kind.lastDoneAt || kind.lastFailedAt ? (
                <>
                  done: <When at={kind.lastDoneAt} none="not lately" />
                  <br />
                  failed: <When at={kind.lastFailedAt} none="not lately" />
                </>
              ) : (
                'none lately'
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <h2>Sweeps</h2>
      <p>Run by every instance beside the jobs, each as often as its policy says.</p>
      <AdminTable label="Sweeps" columns={['Sweep', 'Every', 'Last run', 'Last failure']}>
        {sweeps.map((sweep) => (
          <tr key={sweep.name}>
            <td data-label="Sweep">
              {sweep.title}
              <br />
              <span className="muted">{sweep.name}</span>
            </td>
            <td data-label="Every">{durationText(sweep.every)}</td>
            <td data-label="Last run">
              <When at={sweep.lastRunAt} none="not yet" />
              {sweep.instance ? (
                <>
                  <br />
                  <span className="muted">{sweep.instance}</span>
                </>
              ) : null}
            </td>
            <td data-label="Last failure">
              {sweep.lastErrorAt ? (
                <>
                  <When at={sweep.lastErrorAt} none="" />: {sweep.lastError}
                </>
              ) : (
                'none'
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
