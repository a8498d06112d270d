// GET /healthz: 200 when the database answers and the file store takes writes (the container
// HEALTHCHECK, and what a load balancer asks); 503 naming what does not.
import { store, files } from '~/.server';

export async function loader() {
  const [database, storage] = await Promise.all([store.healthy(), files.available()]);
  const problems = [database ? null : 'database unavailable', storage ? null : 'storage unavailable'];
  const text = problems.filter(Boolean).join(', ') || 'ok';
  return new Response(text, {
    status: text === 'ok' ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
