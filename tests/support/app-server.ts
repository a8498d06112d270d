// Starts the built app on a DATA_DIR of the test's choosing (for tests that restart it).
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { SERVER_ARGS } from '../../scripts/server-command';

export async function startApp(
  dataDir: string,
  port: number,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: url,
    },
    stdio: 'ignore',
  });
  await healthy(url, 20_000);
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One /healthz answer's status, on a connection closed after it (0: no answer). */
const healthStatus = (url: string) =>
  new Promise<number>((resolve) => {
    // Not fetch: its pool keeps the connection alive, and a graceful stop of that server then
    // waits for it (server/index.ts: idle connections are not dropped), about 12 s a stop.
    const request = get(`${url}/healthz`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });

/** Waits until `url`/healthz answers 200 (a site starting, or restarting after a test stopped it). */
export async function healthy(url: string, timeoutMs = 30_000, pollMs = 100) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if ((await healthStatus(url)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${url} did not become healthy`);
}
