// GET /healthz: 200 when the database answers (the container HEALTHCHECK).
import { api } from '~/.server';

export async function loader() {
  const healthy = await api.healthy();
  return new Response(healthy ? 'ok' : 'database unavailable', {
    status: healthy ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
