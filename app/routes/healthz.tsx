// GET /healthz: 200 when the database answers and the file store takes writes (the container
// HEALTHCHECK, and what a load balancer asks); 503 naming what does not. Oldest-Due-Job says how
// many seconds the oldest owed job has been owed since it first fell due, and
// Oldest-Due-Job-State what it is doing: due (no worker has it), running, lease-expired (its
// worker died or hung past its lease) or retry-wait (docs/operations.md §9). A figure to alert on,
// not a reason to take an instance out (every instance runs the same queue).
import { admin, store, files } from '~/.server';

export async function loader() {
  const [database, storage, jobs] = await Promise.all([
    store.healthy(),
    files.available(),
    admin.jobs.stats().catch(() => null),
  ]);
  const problems = [database ? null : 'database unavailable', storage ? null : 'storage unavailable'];
  const text = problems.filter(Boolean).join(', ') || 'ok';
  return new Response(text, {
    status: text === 'ok' ? 200 : 503,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(jobs ? { 'Oldest-Due-Job': String(jobs.oldestOwed?.seconds ?? 0) } : {}),
      ...(jobs?.oldestOwed ? { 'Oldest-Due-Job-State': jobs.oldestOwed.state } : {}),
    },
  });
}
