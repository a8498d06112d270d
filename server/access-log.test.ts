import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { accessLog, loggedUrl } from './access-log';
import { nginxBinary } from '../tests/support/cluster';

test.each([
  ['a reset code', '/reset-password?oobCode=6b1f0c2e9d4a7f3b8c5e1d0a9f8e7d6c', '/reset-password?oobCode=…'],
  ['an invite key', '/register?invite=mk-abcdEFGH12345678', '/register?invite=…'],
  ['an e-mail address', '/login?email=ada%40example.ie&from=%2Fprofile', '/login?email=…&from=…'],
  [
    'an OAuth code and state',
    '/auth/google/callback?code=4%2F0Ab&state=xyz',
    '/auth/google/callback?code=…&state=…',
  ],
  ['a search (what someone typed)', '/members?q=ada+lovelace&page=2', '/members?q=…&page=2'],
  ['a private calendar feed’s token', '/calendar/Zm9vYmFyYmF6cXV4.ics', '/calendar/[token].ics'],
  ['a feed’s token with a query', '/calendar/Zm9vYmFy.ics?x=1', '/calendar/[token].ics?x=…'],
  ['a feed’s token with a trailing slash', '/calendar/Zm9vYmFy.ics/', '/calendar/[redacted]'],
  ['a feed’s token in capitals', '/CALENDAR/Zm9vYmFy.ICS', '/calendar/[redacted]'],
  ['a feed’s token with an escaped dot', '/calendar/Zm9vYmFy%2Eics', '/calendar/[redacted]'],
  ['a feed’s token with an escaped segment', '/%63alendar/Zm9vYmFy.ics?x=1', '/calendar/[redacted]?x=…'],
  ['a feed’s token escaped twice', '/%2563alendar/Zm9vYmFy.ics', '/calendar/[redacted]'],
  ['a feed’s token beside a bad escape', '/calendar/Zm9vYmFy%E0.ics', '/calendar/[redacted]'],
  ['a feed’s token after doubled slashes', '//calendar//Zm9vYmFy.ics', '/calendar/[redacted]'],
  ['a feed’s token after a dot segment', '/./calendar/Zm9vYmFy.ics', '/calendar/[redacted]'],
  ['a feed’s token after a back slash', '/calendar%5CZm9vYmFy.ics', '/calendar/[redacted]'],
  [
    'a mode of Firebase with its key',
    '/reset-password?mode=resetPassword&oobCode=abc&apiKey=k',
    '/reset-password?mode=…&oobCode=…&apiKey=…',
  ],
])('%s is not written to the log', (_name, url, logged) => {
  expect(loggedUrl(url)).toBe(logged);
});

test.each([
  ['a path without a query', '/members/ada', '/members/ada'],
  ['a page number', '/members?page=3', '/members?page=3'],
  ['an image width and a Remix data request', '/assets/abc?w=640&_data=root', '/assets/abc?w=640&_data=root'],
  ['a flag', '/profile?updated', '/profile?updated'],
  ['a machine’s public busy times', '/resources/laser/calendar.ics', '/resources/laser/calendar.ics'],
])('%s is logged as it is', (_name, url, logged) => {
  expect(loggedUrl(url)).toBe(logged);
});

test('a parameter name is written encoded, so it cannot forge a log line', () => {
  expect(loggedUrl('/x?a%0D%0AGET%20%2Fadmin=1')).toBe('/x?a%0D%0AGET%20%2Fadmin=…');
});

test('a malformed address is logged without its query', () => {
  expect(loggedUrl('/x?%E0%A4%A=1')).toMatch(/^\/x/);
});

test('the access log line of a reset link holds no code', async () => {
  const lines: string[] = [];
  const log = accessLog({ stream: { write: (line: string) => void lines.push(line) } });
  const server = http.createServer((req, res) => log(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/reset-password?oobCode=SECRET-CODE`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    server.close();
  }
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^GET \/reset-password\?oobCode=… 200 (2|-) - [\d.]+ ms\n$/);
});

// deploy/nginx/http.conf's log format, run by the nginx the cluster tests use: it writes what the
// site's own log writes, whatever spelling of a feed's address came.
test('nginx’s access log holds no feed token either', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-log-'));
  fs.chmodSync(dir, 0o777);
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const log = path.join(dir, 'access.log');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16; }
http {
    include ${path.resolve('deploy/nginx/http.conf')};
    access_log ${log} makerspace;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    server { listen 127.0.0.1:${port}; return 404; }
}
`,
  );
  const nginx = spawn(nginxBinary, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';
  const paths = [
    `/calendar/${TOKEN}.ics`,
    `/calendar/${TOKEN}.ics/`,
    `/CALENDAR/${TOKEN}.ICS`,
    `/calendar/${TOKEN}%2Eics`,
    `/%63alendar/${TOKEN}.ics?x=1`,
    `//calendar//${TOKEN}.ics`,
    `/./calendar/${TOKEN}.ics`,
    `/calendar%5C${TOKEN}.ics`,
    '/resources/laser/calendar.ics',
  ];
  try {
    for (let tries = 0; !fs.existsSync(path.join(dir, 'nginx.pid')); tries++) {
      if (tries > 100)
        throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const asked of paths)
      await new Promise<void>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: asked }, (res) => res.resume().on('end', resolve))
          .on('error', reject),
      );
  } finally {
    nginx.kill('SIGQUIT');
    await once(nginx, 'exit');
  }
  const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
  fs.rmSync(dir, { recursive: true, force: true });
  expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  // nginx decodes escapes, merges slashes and resolves dot segments before it matches.
  const [TOKEN_PATH, REDACTED] = ['/calendar/[token].ics', '/calendar/[redacted]'];
  expect(lines.map((line) => /"GET (\S+) HTTP/.exec(line)?.[1])).toEqual([
    ...[TOKEN_PATH, REDACTED, REDACTED, TOKEN_PATH, TOKEN_PATH, TOKEN_PATH, TOKEN_PATH, REDACTED],
    '/resources/laser/calendar.ics',
  ]);
});
