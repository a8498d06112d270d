// Faults with real parts: two instances on PostgreSQL and an S3 bucket behind nginx, ten members
// writing posts with attachments through the forms. One instance is killed (SIGKILL) in the middle
// of a burst, then stopped (SIGTERM) in the middle of another while a backup runs; the backup is
// restored into an empty SQLite site and a fresh PostgreSQL one, and both serve what it holds.
// Then the jobs table: 300 due mails while the instance sending them is killed, a booking made
// through one instance released by the other's worker, and a mail server that greets and then
// never answers: bookings still answer at once, no-shows are still released, /healthz shows the
// owed mail, and it goes out once when the server answers again.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { memorySmtp } from '../support/memory-smtp';
import { registerOverHttp } from '../e2e/accounts';
import { freshMember, pngBytes } from '../e2e/accounts';
import { healthy } from '../support/app-server';
import { freePort } from '../support/browser';
import { startCluster, type Cluster } from '../support/cluster';
import { freshDatabase, startPostgres } from '../support/postgres';
import { startS3, type S3Server } from '../support/s3';
import { adminAsync as admin, runScript } from '../support/scripts';
import { SERVER_ARGS } from '../../scripts/server-command';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-faults-'));
fs.chmodSync(root, 0o755); // PostgreSQL runs as its own user and must reach its folder in here
let ports: number[];
let postgres: ReturnType<typeof startPostgres>;
let s3: S3Server;
let cluster: Cluster;
let env: Record<string, string>;
let site: string;
const clients: { http: APIRequestContext; username: string }[] = [];

interface Write {
  title: string;
  sha256: string;
  ok: boolean;
  /** the status and Location, or the network error */
  answer: string;
  /** answered after the fault was over (the killed instance gone) */
  late: boolean;
  /** sent after the fault was over */
  sentLate: boolean;
}

/** Ten clients write `perClient` posts each; `fault` runs once `at` writes have been answered. */
async function burst(name: string, perClient: number, at: number, fault: () => Promise<void> | void) {
  const writes: Write[] = [];
  let answered = 0;
  let faulted: Promise<void> | null = null;
  let faultDone = false;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < perClient; i++) {
        const title = `${name} ${c}-${i}`;
        const bytes = crypto.randomBytes(40_000 + i * 1000);
        let ok = false;
        let answer = '';
        const sentLate = faultDone;
        try {
          const response = await client.http.post('/posts/new', {
            multipart: {
              title,
              content: `Written during the ${name} burst.`,
              attachment: {
                name: `${name}-${c}-${i}.bin`,
                mimeType: 'application/octet-stream',
                buffer: bytes,
              },
            },
            maxRedirects: 0,
          });
          answer = `${response.status()} ${response.headers()['location'] ?? ''}`;
          ok = answer === '302 /profile';
        } catch (error) {
          answer = (error as Error).message.split('\n')[0]; // a dropped connection: a failed write
        }
        writes.push({
          title,
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
          ok,
          answer,
          late: faultDone,
          sentLate,
        });
        if (++answered === at) faulted = Promise.resolve(fault()).then(() => void (faultDone = true));
      }
    }),
  );
  await faulted;
  return writes;
}

/** Every post in the database with its attachment's row, by title. */
async function postsInDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select p.title, p.file_id, a.sha256 from posts p left join assets a on a.id = p.file_id',
    );
    return new Map(
      rows.map((row) => [row.title as string, row as { file_id: string | null; sha256: string | null }]),
    );
  } finally {
    await client.end();
  }
}

/** Every successful write is there, with its row and the very bytes that were sent. */
async function expectWritesKept(writes: Write[]) {
  const posts = await postsInDatabase(env.DATABASE_URL);
  for (const write of writes.filter((w) => w.ok)) {
    const post = posts.get(write.title);
    expect(post?.file_id, write.title).toBeTruthy();
    expect(post?.sha256).toBe(write.sha256);
    const file = await fetch(`${site}/assets/${post!.file_id}`);
    expect(file.status).toBe(200);
    expect(
      crypto
        .createHash('sha256')
        .update(Buffer.from(await file.arrayBuffer()))
        .digest('hex'),
    ).toBe(write.sha256);
  }
}

test.beforeAll(async () => {
  // PostgreSQL, S3, nginx, a member registered and two instances: past the default 60 s on a busy
  // 2-core machine (a CI run beside a build timed out here); a hang still fails.
  test.setTimeout(180_000);
  ports = [];
  for (let i = 0; i < 7; i++) ports.push(await freePort());
  const [pgPort, s3Port, nginxPort, node1, node2] = ports;
  postgres = startPostgres(path.join(root, 'pg'), pgPort);
  s3 = await startS3(path.join(root, 's3'), ['makerspace', 'restored'], s3Port);
  site = `http://127.0.0.1:${nginxPort}`;
  env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: site,
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: postgres.url,
    SESSION_SECRET: 'faults-session-secret-for-the-tests-only-0123',
    // A killed instance's jobs are taken again after 5 s, not the 2 minutes of production.
    JOB_LEASE_SECONDS: '5',
    // A silent mail server fails an attempt within 2 s, a whole message within 4: inside the lease.
    SMTP_TIMEOUT_SECONDS: '2',
    ...s3.env('makerspace'),
  };
  const migrated = await runScript('scripts/migrate.ts', env);
  expect(migrated.code, migrated.stderr).toBe(0);
  cluster = startCluster(
    path.join(root, 'nginx'),
    nginxPort,
    [node1, node2],
    { ...process.env, ...env },
    'ignore',
  );
  await healthy(site);
  for (const port of [node1, node2]) await healthy(`http://127.0.0.1:${port}`);
  const avatar = await pngBytes();
  for (let c = 0; c < 10; c++) {
    const http = await request.newContext({ baseURL: site, extraHTTPHeaders: { Origin: site } });
    const member = freshMember();
    const invite = await admin(env, 'invite', 'create');
    await registerOverHttp(http, member, invite.last, avatar);
    const signIn = await http.post('/login', {
      form: { email: member.email, password: member.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    clients.push({ http, username: member.username });
  }
});

test.afterAll(async () => {
  await Promise.all(clients.map((client) => client.http.dispose()));
  cluster?.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  postgres?.stop();
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('SIGKILL mid-burst: every answered write is kept with its file, no file without its row', async () => {
  const [, , , node1] = ports;
  const writes = await burst('kill', 20, 100, async () => {
    const exited = once(cluster.instances[0], 'exit');
    cluster.instances[0].kill('SIGKILL');
    await exited;
  });
  const failed = writes.filter((write) => !write.ok);
  console.log(
    `SIGKILL burst: ${writes.length - failed.length} of ${writes.length} writes answered with success`,
  );
  // Only what was in flight when the instance died may fail (nginx sends later writes to the
  // other instance, which kept answering).
  expect(failed.filter((write) => write.sentLate).map((write) => write.answer)).toEqual([]);
  expect(writes.filter((write) => write.late && write.ok).length).toBeGreaterThan(50);
  await expectWritesKept(writes);

  // No row without its file; folders a killed write left without a row are found and swept.
  const check = await admin(env, 'files', 'check');
  expect(check.code, check.stderr).toBe(0);
  const unreferenced = Number(/(\d+) folders without a row/.exec(check.last)![1]);
  expect(unreferenced).toBeLessThanOrEqual(failed.length);
  expect((await admin(env, 'files', 'sweep', '--min-age', '0')).last).toBe(
    `removed ${unreferenced} folders without a row`,
  );
  expect((await admin(env, 'files', 'check')).last).toMatch(/, 0 missing files, 0 folders without a row$/);

  // The killed instance serves again after a restart, and nginx sends it requests.
  cluster.restart(0);
  await healthy(`http://127.0.0.1:${node1}`);
  // (nginx tries a failed instance again after its fail_timeout, 10 s by default.)
  await expect
    .poll(
      async () => {
        const upstreams = new Set<string>();
        for (let i = 0; i < 4; i++)
          upstreams.add((await fetch(`${site}/members`)).headers.get('x-upstream') ?? '');
        return upstreams.size;
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(2);
});

/**
 * Fills nginx's pool of idle connections to both instances, as a site that has been serving for a
 * while has it. A connection nginx opens in the very instant an instance closes its listener can sit
 * in the kernel's queue, never accepted, and be reset with a request already in it: nginx cannot
 * retry that POST (docs/operations.md §9, Stopping). With the pool warm, the burst needs no new connection.
 */
async function warmProxy() {
  for (let round = 0; round < 3; round++)
    await Promise.all(Array.from({ length: 24 }, () => fetch(`${site}/members`).then((r) => r.text())));
}

test('SIGTERM mid-burst fails no request, and a backup taken meanwhile restores on either engine', async () => {
  const [, , , , node2, sqlitePort, pgPort] = ports;
  await warmProxy();
  const archive = path.join(root, 'during-burst.tar.gz');
  let answeredBeforeBackup = 0;
  let backup: ReturnType<typeof admin> | null = null;
  let stopped: Promise<unknown> | null = null;
  const writes = await burst('term', 20, 80, () => {
    answeredBeforeBackup = 80;
    backup = admin(env, 'backup', archive);
    stopped = once(cluster.instances[1], 'exit');
    cluster.instances[1].kill('SIGTERM');
  });
  const [code] = (await stopped!) as [number];
  expect(code).toBe(0);
  const failed = writes.filter((write) => !write.ok).map((write) => write.answer);
  expect(failed, cluster.errorLog()).toEqual([]);
  await expectWritesKept(writes);
  const made = await backup!;
  expect(made.code, made.stderr).toBe(0);
  expect(made.last).toMatch(/^backup written: .* \(10 members, \d+ posts, 0 projects, \d+ files\)$/);
  cluster.restart(1);
  await healthy(`http://127.0.0.1:${node2}`);

  // Restore into an empty DATA_DIR (SQLite, files on disk) and into PostgreSQL with a bucket.
  const targets: Record<string, string>[] = [
    { DATA_DIR: path.join(root, 'restored-sqlite'), DATABASE_URL: '', PORT: String(sqlitePort) },
    {
      DATA_DIR: path.join(root, 'restored-pg'),
      DATABASE_URL: await freshDatabase(postgres.url),
      SESSION_SECRET: env.SESSION_SECRET,
      PORT: String(pgPort),
      ...s3.env('restored'),
    },
  ];
  const before = writes.slice(0, answeredBeforeBackup).filter((write) => write.ok);
  for (const target of targets) {
    const store = { ...target, S3_BUCKET: target.S3_BUCKET ?? '' };
    const restored = await admin(store, 'restore', archive);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.last).toMatch(/^restored: 10 members, \d+ posts, 0 projects, \d+ files$/);
    const url = `http://127.0.0.1:${target.PORT}`;
    const server = spawn(process.execPath, SERVER_ARGS, {
      env: { ...process.env, ...store, NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: url },
      stdio: 'ignore',
    });
    try {
      await healthy(url);
      // The same members, and every post they had before the backup began, with the same bytes.
      const directory = await (await fetch(`${url}/members`)).text();
      for (const client of clients) expect(directory).toContain(`/members/${client.username}`);
      const restoredPosts = new Map<string, { id: string } | null>();
      for (const client of clients) {
        const answer = await fetch(`${url}/api/page/posts/get_by_user`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: client.username }),
        });
        const { posts } = (await answer.json()) as {
          posts: { title: string; file: { id: string } | null }[];
        };
        for (const post of posts) restoredPosts.set(post.title, post.file);
      }
      for (const write of before) expect(restoredPosts.has(write.title), write.title).toBe(true);
      const sent = new Map(writes.map((write) => [write.title, write.sha256]));
      for (const [title, file] of restoredPosts) {
        if (!sent.has(title)) continue; // posts of the SIGKILL burst
        const bytes = Buffer.from(await (await fetch(`${url}/assets/${file!.id}`)).arrayBuffer());
        expect(crypto.createHash('sha256').update(bytes).digest('hex'), title).toBe(sent.get(title));
      }
    } finally {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  }
});

/** A laser that needs check-in (15 minutes' grace), bookable any time in 30-minute slots; its slug. */
async function checkInMachine(db: pg.Client, name: string) {
  const slug = `${name.toLowerCase().replace(/ /g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
  const at = new Date().toISOString();
  await db.query(
    `insert into resources (id, slug, name, kind, hours, slot_minutes, min_minutes, max_minutes, horizon_days,
       check_in_required, grace_minutes, created_at, updated_at)
     values ($1, $2, $3, 'fabrication', 'any', 30, 30, 240, 14, 1, 15, $4, $4)`,
    [crypto.randomUUID(), slug, name, at],
  );
  return slug;
}

/** Moves the bookings `where` ($1 = `value`) to an hour that began `minutes` ago: the clock moved on. */
async function beganMinutesAgo(db: pg.Client, where: string, value: string, minutes: number) {
  const [start, end] = [Date.now() - minutes * 60_000, Date.now() + (60 - minutes) * 60_000];
  await db.query(
    `update bookings set starts_at = $2, ends_at = $3, block_start = $4, block_end = $5 where ${where}`,
    [
      value,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
      Math.floor(start / 60_000),
      Math.floor(end / 60_000),
    ],
  );
}

/** The messages in the instances' outboxes (no SMTP server here; both by default), as raw text. */
function outboxes(nodePorts = ports.slice(3, 5)) {
  return nodePorts.flatMap((port) => {
    const outbox = path.join(root, 'nginx', `node-${port}`, 'outbox');
    if (!fs.existsSync(outbox)) return [];
    return fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
  });
}

test('jobs: 300 due mails, each sent once or twice (never lost) while the instance sending them is killed', async () => {
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const tag = crypto.randomBytes(4).toString('hex');
    const now = new Date().toISOString();
    const keys = Array.from({ length: 300 }, (_, i) => `mail:fault-${tag}-${i}`);
    // 300 mails falling due at once, as reminders of a busy morning, in one statement.
    await db.query(
      `insert into jobs (id, kind, key, payload, run_at, created_at, updated_at)
       select gen_random_uuid()::text, 'mail', key, json_build_object('to', split_part(key, ':', 2) || '@example.ie',
         'subject', 'Fault ' || key, 'text', 'Sent once.', 'html', '<p>Sent once.</p>')::text, $2, $2, $2
       from unnest($1::text[]) as key`,
      [keys, now],
    );
    // Kill the instance that holds a claim, in the middle of its pass.
    const pids = new Map(cluster.instances.map((instance, index) => [instance.pid, index]));
    let killed = -1;
    await expect
      .poll(
        async () => {
          const { rows } = await db.query(
            `select locked_by from jobs where key like $1 and state = 'running' limit 1`,
            [`mail:fault-${tag}-%`],
          );
          const pid = Number(
            String(rows[0]?.locked_by ?? '')
              .split(':')
              .at(-1),
          );
          if (!pids.has(pid)) return false;
          killed = pids.get(pid)!;
          cluster.instances[killed].kill('SIGKILL');
          return true;
        },
        { timeout: 20_000, intervals: [20] },
      )
      .toBe(true);
    // The other instance sends the rest, and, once the lease is over, what the killed one held.
    await expect
      .poll(
        async () =>
          Number(
            (
              await db.query(`select count(*) as n from jobs where key like $1 and state = 'done'`, [
                `mail:fault-${tag}-%`,
              ])
            ).rows[0].n,
          ),
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(300);
    const sent = new Map<string, number>();
    for (const mail of outboxes()) {
      const to = /^To: (fault-\S+)@example\.ie/m.exec(mail)?.[1];
      if (to?.startsWith(`fault-${tag}-`)) sent.set(to, (sent.get(to) ?? 0) + 1);
    }
    const twice = [...sent.values()].filter((count) => count === 2).length;
    console.log(`jobs under SIGKILL: 300 mails, ${twice} sent twice (the killed instance's claim)`);
    expect(sent.size).toBe(300);
    expect(Math.max(...sent.values())).toBeLessThanOrEqual(2);
    // At most what one pass claims (10) went out twice.
    expect(twice).toBeLessThanOrEqual(10);
    cluster.restart(killed);
    await healthy(`http://127.0.0.1:${ports[3 + killed]}`);
  } finally {
    await db.end();
  }
});

test('a booking made through one instance is released by the other instance worker', async () => {
  const [, , , node1, node2] = ports;
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const a = `http://127.0.0.1:${node1}`;
  const http = await request.newContext({
    baseURL: a,
    extraHTTPHeaders: { Origin: a },
    storageState: await clients[0].http.storageState(),
  });
  try {
    const slug = await checkInMachine(db, 'Fault Laser');
    const start = new Date(Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 1_800_000);
    const booked = await http.post(`/resources/${slug}/book?start=${start.toISOString()}`, {
      form: { start: start.toISOString(), minutes: '60', note: '' },
      maxRedirects: 0,
    });
    expect(booked.headers().location).toBe('/bookings?notice=booked');
    // The clock moves on: the booking began 20 minutes ago, and instance A is gone.
    await beganMinutesAgo(db, 'resource_id = (select id from resources where slug = $1)', slug, 20);
    const stopped = once(cluster.instances[0], 'exit');
    cluster.instances[0].kill('SIGTERM');
    await stopped;
    await expect
      .poll(
        async () =>
          (
            await db.query(
              `select status from bookings where resource_id = (select id from resources where slug = $1)`,
              [slug],
            )
          ).rows[0]?.status,
        { timeout: 20_000, intervals: [500] },
      )
      .toBe('no_show');
    const { rows } = await db.query('select email from users where username = $1', [clients[0].username]);
    // Sent by instance B, the only one left.
    const released = outboxes([node2]).filter(
      (mail) => mail.includes(`To: ${rows[0].email}`) && mail.includes('Booking released: Fault Laser'),
    );
    expect(released).toHaveLength(1);
    cluster.restart(0);
    await healthy(a);
  } finally {
    await http.dispose();
    await db.end();
  }
});

/**
 * A mail server that can go silent: while `hung`, it greets each connection and then never
 * answers a word (as measured in issue 41); otherwise it hands the connection to a real SMTP
 * server that keeps every message.
 */
async function switchableMailServer() {
  const real = await memorySmtp();
  const realPort = real.port;
  const received = real.received;
  const state = { hung: true };
  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.hung) return void socket.write('220 silent.example.ie ESMTP\r\n');
    const upstream = net.connect(realPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    state,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => front.close(resolve));
      await real.close();
    },
  };
}

test('a mail server that never answers stalls nothing; the mail leaves once when it answers again', async () => {
  const mail = await switchableMailServer();
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const http = await request.newContext({
    baseURL: site,
    extraHTTPHeaders: { Origin: site },
    storageState: await clients[1].http.storageState(),
  });
  try {
    // Both instances now send through the silent server.
    for (const index of [0, 1]) {
      const stopped = once(cluster.instances[index], 'exit');
      cluster.instances[index].kill('SIGTERM');
      await stopped;
      cluster.restart(index, { SMTP_URL: mail.url });
      await healthy(`http://127.0.0.1:${ports[3 + index]}`);
    }
    const slug = await checkInMachine(db, 'Silent Laser');
    // A booking through nginx answers as soon as it is saved, its confirmation owed.
    const start = new Date(Math.ceil(Date.now() / 1_800_000) * 1_800_000 + 1_800_000);
    const sent = Date.now();
    const booked = await http.post(`/resources/${slug}/book?start=${start.toISOString()}`, {
      form: { start: start.toISOString(), minutes: '60', note: '' },
      maxRedirects: 0,
    });
    const answeredIn = Date.now() - sent;
    console.log(`silent mail server: the booking answered in ${answeredIn} ms`);
    expect(booked.headers().location).toBe('/bookings?notice=booked');
    expect(answeredIn).toBeLessThan(2_000);
    const { rows: ids } = await db.query(
      `select b.id from bookings b join resources r on r.id = b.resource_id where r.slug = $1`,
      [slug],
    );
    const confirmation = `mail:booking-confirmed:${ids[0].id}:0`;
    // Its attempt fails within the mail timeouts, well inside the lease: not claimed again and again.
    await expect
      .poll(
        async () =>
          (await db.query('select state, last_error from jobs where key = $1', [confirmation])).rows[0],
        {
          timeout: 20_000,
          intervals: [250],
        },
      )
      .toEqual({ state: 'failed', last_error: 'the mail server did not answer within 2 s' });
    // /healthz says how long it has been owed, and that it waits for a retry.
    const health = await fetch(`${site}/healthz`);
    expect(health.status).toBe(200);
    expect(Number(health.headers.get('oldest-due-job'))).toBeGreaterThanOrEqual(1);
    expect(['retry-wait', 'running', 'due']).toContain(health.headers.get('oldest-due-job-state'));
    // The release of no-shows still runs: the booking began 20 minutes ago and nobody came.
    await beganMinutesAgo(db, 'id = $1', ids[0].id, 20);
    await expect
      .poll(
        async () => (await db.query('select status from bookings where id = $1', [ids[0].id])).rows[0].status,
        {
          timeout: 15_000,
          intervals: [250],
        },
      )
      .toBe('no_show');
    expect(mail.received).toEqual([]);
    // The server answers again; the clock moves past the retry delays (30 s, 1 minute...): a mail
    // waiting to try again is due now (one mid-attempt is made due once that attempt has failed).
    mail.state.hung = false;
    const mine = `mail:booking-%:${ids[0].id}%`;
    await expect
      .poll(
        async () => {
          await db.query(`update jobs set run_at = $1 where state = 'failed' and key like $2`, [
            new Date().toISOString(),
            mine,
          ]);
          return mail.received.filter((raw) =>
            /Subject: Booking (confirmed|released): Silent Laser/.test(raw),
          ).length;
        },
        { timeout: 20_000, intervals: [500] },
      )
      .toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const subjects = mail.received
      .map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1])
      .filter((s) => s?.includes('Silent Laser'));
    expect(subjects.sort()).toEqual(['Booking confirmed: Silent Laser', 'Booking released: Silent Laser']);
    const { rows: owed } = await db.query(`select state from jobs where key like $1`, [
      `mail:booking-%:${ids[0].id}%`,
    ]);
    expect(owed.map((row) => row.state)).toEqual(['done', 'done']);
  } finally {
    await http.dispose();
    await db.end();
    await mail.close();
  }
});
