// Site B of the api-js and api-nojs projects (docs/api.md "Running the site in front of an
// existing backend"): the built app with API_URL pointing at the `firebase` server's /api, on the
// same Auth emulator, with its own DATA_DIR for sessions only and its own mail catcher. Between
// the two sits a loopback TCP relay that the tests can switch off (connections refused) and on
// again, through a tiny control server, to watch B while its backend is away.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { dataDir, mailDir, serverPort } from './servers';
import { SERVER_ARGS } from '../../scripts/server-command';

/** A real SMTP server on loopback that writes each message it receives to `dir` as an .eml file. */
export async function catchMail(port: number, dir: string) {
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Written whole under another name, then renamed: a test polling the folder never reads
        // half a message (a link cut short there once failed a reset journey).
        const file = path.join(dir, `${String(++count).padStart(5, '0')}.eml`);
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return smtp;
}

/**
 * The relay between B and its backend: 'up' forwards, 'down' listens to nothing (connections
 * refused), 'hang' accepts connections and never answers (B's timeout).
 */
function relay(listenPort: number, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'down' | 'hang' = 'down';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    client.pipe(upstream).pipe(client);
  });
  return async function set(next: 'up' | 'down' | 'hang') {
    // Connections kept alive from before would hide the change.
    for (const socket of sockets) socket.destroy();
    const listening = mode !== 'down';
    mode = next;
    if (next === 'down' && listening) await new Promise((resolve) => server.close(resolve));
    if (next !== 'down' && !listening)
      await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  };
}

/** Where a test switches B's backend: POST /down, /hang or /up. */
export const remoteControlUrl = () => `http://127.0.0.1:${serverPort('remote', 'logging')}`;

export async function startRemoteSite(backendEnv: NodeJS.ProcessEnv) {
  const dir = dataDir('remote');
  const mail = mailDir('remote');
  for (const folder of [dir, mail]) {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder);
  }
  const smtp = await catchMail(serverPort('remote', 'smtp'), mail);
  const link = relay(serverPort('remote', 'hub'), serverPort('firebase'));
  await link('up');
  const control = http.createServer((request, response) => {
    const mode = request.url?.slice(1);
    if (mode !== 'up' && mode !== 'down' && mode !== 'hang') return void response.writeHead(404).end();
    void link(mode).then(() => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => control.listen(serverPort('remote', 'logging'), '127.0.0.1', resolve));

  const port = serverPort('remote');
  const env = {
    ...backendEnv,
    DATA_DIR: dir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${serverPort('remote', 'smtp')}`,
    API_URL: `http://127.0.0.1:${serverPort('remote', 'hub')}/api`,
    // Short, so the test that watches a backend outage does not wait ten seconds per page.
    API_TIMEOUT_MS: '3000',
  };
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/migrate.ts'], { env, stdio: 'inherit' });
  const site = spawn(process.execPath, SERVER_ARGS, { env, stdio: 'inherit' });
  return {
    stop() {
      site.kill('SIGTERM');
      void link('down');
      control.close();
      smtp.close();
      fs.rmSync(mail, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
