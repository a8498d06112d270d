// The jobs table on the real store (SQLite here, PostgreSQL in the second unit run): three workers,
// each on its own connection as three instances would be, share one table; each key runs once.
import crypto from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { config } from './config';
import { connect, db } from './db';
import type { Database } from './db/schema';
import {
  cancelJobs,
  claim,
  defineKind,
  defineSweep,
  enqueue,
  firstDue,
  JobFailure,
  jobStats,
  leaseMs,
  listJobs,
  owedState,
  queueing,
  retryDead,
  runDue,
  startWorker,
  stopWorker,
  sweepRuns,
  timedWork,
  type AnyNewJob,
  type JobPolicy,
  type RunningJob,
} from './jobs';

const instances: Kysely<Database>[] = [];
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.destroy()));
  await db.destroy();
});

/** A connection of its own, as another instance of the site has. */
async function instance() {
  const other = await connect(config.DATABASE_URL, config.DATA_DIR);
  instances.push(other);
  return other;
}

/** The listed kinds' policy today: 5 tries, again after 30 s, 1, 2 and 4 minutes. */
const FIVE_TRIES: JobPolicy = { attempts: 5, retryDelays: [30_000, 60_000, 120_000, 240_000] };
const MAX_ATTEMPTS = FIVE_TRIES.attempts;

/** A kind of job no other test queues, so each test sees only its own. */
const kindOf = (
  handler: (job: RunningJob<unknown>) => Promise<unknown> = async () => undefined,
  policy: JobPolicy = FIVE_TRIES,
  payload: z.ZodTypeAny = z.unknown(),
) => defineKind({ name: `test-${crypto.randomUUID()}`, title: 'A test kind', payload, handler, policy });

/** Test kinds are made per test, not listed in job-kinds.ts: enqueue() takes them untyped here. */
const enqueueAny = enqueue as (trx: Kysely<Database>, job: AnyNewJob, now?: Date) => Promise<void>;
const cancelAny = cancelJobs as (
  trx: Kysely<Database>,
  subject: string,
  kinds: string[],
  now?: Date,
) => Promise<void>;
const at = (iso: string) => new Date(iso);

async function states(kind: string) {
  const rows = await db
    .selectFrom('jobs')
    .select(['key', 'state', 'attempts'])
    .where('kind', '=', kind)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.state]));
}

describe('the jobs table', () => {
  test('3 workers and 300 due jobs: each key runs exactly once', async () => {
    const runs: string[] = [];
    const job = kindOf(async ({ key }) => {
      runs.push(key);
      // a send takes a moment: the other workers claim meanwhile
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const kind = job.name;
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++) await enqueueAny(trx, { kind, key: `${kind}:${i}`, payload: { i } }, now);
    });
    const workers = await Promise.all([instance(), instance(), instance()]);
    const ran = await Promise.all(
      workers.map((worker, n) => runDue(worker, [job], { instance: `worker-${n}`, limit: 7 })),
    );
    expect(runs).toHaveLength(300);
    expect(new Set(runs).size).toBe(300);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(300);
    // every worker took a share: they ran side by side
    expect(ran.every((count) => count > 0)).toBe(true);
    expect(Object.values(await states(kind)).every((state) => state === 'done')).toBe(true);
  });

  test('a key already queued is not queued again; a rolled-back change queues nothing', async () => {
    const kind = kindOf().name;
    await enqueueAny(db, { kind, key: `${kind}:a`, payload: 1 });
    await enqueueAny(db, { kind, key: `${kind}:a`, payload: 2 });
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueAny(trx, { kind, key: `${kind}:b`, payload: 3 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.selectFrom('jobs').select(['key', 'payload']).where('kind', '=', kind).execute();
    expect(rows).toEqual([{ key: `${kind}:a`, payload: '1' }]);
  });

  test('not before run_at; dropped, not run, once stale; cancelled jobs never run', async () => {
    const runs: string[] = [];
    const job = kindOf(async ({ key }) => void runs.push(key));
    const kind = job.name;
    const now = at('2030-01-01T09:00:00.000Z');
    await enqueueAny(
      db,
      { kind, key: `${kind}:later`, payload: 0, runAt: at('2030-01-01T10:00:00.000Z') },
      now,
    );
    await enqueueAny(
      db,
      {
        kind,
        key: `${kind}:stale`,
        payload: 0,
        runAt: at('2030-01-01T08:00:00.000Z'),
        staleAt: at('2030-01-01T08:30:00.000Z'),
      },
      now,
    );
    await enqueueAny(db, { kind, key: `${kind}:cancelled`, subject: `s:${kind}`, payload: 0 }, now);
    await cancelAny(db, `s:${kind}`, [kind], now);
    await runDue(db, [job], { now: () => now });
    expect(runs).toEqual([]);
    expect(await states(kind)).toEqual({
      [`${kind}:later`]: 'queued',
      [`${kind}:stale`]: 'cancelled',
      [`${kind}:cancelled`]: 'cancelled',
    });
    await runDue(db, [job], { now: () => at('2030-01-01T10:00:00.000Z') });
    expect(runs).toEqual([`${kind}:later`]);
  });

  test('a failed attempt is tried again later; after 5 the job is dead until an admin retries it', async () => {
    let calls = 0;
    let fail = true;
    const job = kindOf(async () => {
      calls++;
      if (fail) throw new Error('SMTP said no');
    });
    const kind = job.name;
    const start = at('2030-02-01T09:00:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:x`, payload: null }, start);
    // Each pass far enough ahead for the back-off (30 s, 1, 2, 4 minutes) to have passed.
    for (let pass = 1; pass <= MAX_ATTEMPTS + 2; pass++)
      await runDue(db, [job], { now: () => new Date(start.getTime() + pass * 3_600_000) });
    expect(calls).toBe(MAX_ATTEMPTS);
    const dead = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
    expect(dead).toMatchObject({ state: 'dead', attempts: MAX_ATTEMPTS, last_error: 'SMTP said no' });
    const listed = await listJobs(db);
    expect(listed.dead.find((job) => job.key === `${kind}:x`)).toMatchObject({
      state: 'dead',
      attempts: MAX_ATTEMPTS,
      lastError: 'SMTP said no',
    });
    expect(await retryDead(db, dead.id)).toEqual({ id: dead.id, kind });
    expect(await retryDead(db, dead.id)).toBeNull(); // queued now, not dead
    fail = false;
    await runDue(db, [job], { now: () => new Date(Date.now() + 1000) });
    expect(calls).toBe(MAX_ATTEMPTS + 1);
    expect(await states(kind)).toEqual({ [`${kind}:x`]: 'done' });
  });

  test('a worker killed mid-job: its lease expires and another worker runs the job again', async () => {
    const runs: string[] = [];
    const job = kindOf(async ({ key }) => void runs.push(key));
    const kind = job.name;
    const now = at('2030-03-01T09:00:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:k`, payload: null }, now);
    // Worker A claims it and dies (never settles it).
    const [claimed] = await claim(db, { instance: 'worker-a', now, limit: 10, kinds: [job] });
    expect(claimed).toMatchObject({ state: 'running', locked_by: 'worker-a', attempts: 1 });
    // Within the lease nobody else takes it.
    await runDue(db, [job], {
      instance: 'worker-b',
      now: () => new Date(now.getTime() + leaseMs() - 1000),
    });
    expect(runs).toEqual([]);
    await runDue(db, [job], {
      instance: 'worker-b',
      now: () => new Date(now.getTime() + leaseMs() + 1000),
    });
    expect(runs).toEqual([`${kind}:k`]);
    expect(await states(kind)).toEqual({ [`${kind}:k`]: 'done' });
  });

  test('/healthz counts the oldest owed job from its first due time, through retries, running or hung', async () => {
    let answer: () => Promise<unknown> = async () => Promise.reject(new Error('greeting never came'));
    const job = kindOf(() => answer());
    const kind = job.name;
    const due = at('2031-01-01T11:59:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:1`, payload: null, runAt: due }, due);
    // Older jobs of other tests may be owed too: this one is owed since `due`, doing `state`.
    const owed = async (now: Date) => {
      const job = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).executeTakeFirstOrThrow();
      const seconds = (now.getTime() - Date.parse(firstDue(job))) / 1000;
      // The oldest owed job /healthz reports is at least as old as this one.
      expect((await jobStats(db, now)).oldestOwed!.seconds).toBeGreaterThanOrEqual(seconds);
      return { seconds, state: owedState(job, now.toISOString()) };
    };
    const now = at('2031-01-01T12:00:00.000Z');
    expect(await owed(now)).toEqual({ seconds: 60, state: 'due' });
    // It fails: waiting to retry, still owed since 11:59, not since its next try.
    await runDue(db, [job], { now: () => now });
    expect(await owed(at('2031-01-01T12:00:10.000Z'))).toEqual({ seconds: 70, state: 'retry-wait' });
    // Claimed and hanging: running, then past its lease.
    const retry = at('2031-01-01T12:01:00.000Z');
    await claim(db, { instance: 'hung', now: retry, limit: 1, kinds: [job] });
    expect(await owed(retry)).toEqual({ seconds: 120, state: 'running' });
    const late = new Date(retry.getTime() + leaseMs() + 1000);
    expect((await owed(late)).state).toBe('lease-expired');
    answer = async () => undefined;
    await runDue(db, [job], { now: () => late });
    expect(await states(kind)).toEqual({ [`${kind}:1`]: 'done' });
  });

  test('a permanent refusal is dead at once with the reason; an attempt past its deadline fails and is retried', async () => {
    const refused = '550 5.1.1 <nobody@example.ie>: Recipient address rejected';
    let hang = true;
    const job = kindOf(async ({ key }) => {
      if (key.endsWith(':refused')) throw new JobFailure(refused, true);
      if (hang) await new Promise(() => undefined);
    });
    const kind = job.name;
    const now = at('2031-02-01T09:00:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:refused`, payload: null }, now);
    await enqueueAny(db, { kind, key: `${kind}:hangs`, payload: null }, now);
    await runDue(db, [job], { now: () => now, deadlineMs: 50 });
    const rows = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('key').execute();
    expect(rows.map((row) => [row.key, row.state, row.attempts, row.last_error])).toEqual([
      [`${kind}:hangs`, 'failed', 1, 'no end within 0 s'],
      [`${kind}:refused`, 'dead', 1, refused],
    ]);
    hang = false;
    await runDue(db, [job], { now: () => new Date(now.getTime() + 60_000), deadlineMs: 50 });
    expect(await states(kind)).toEqual({ [`${kind}:hangs`]: 'done', [`${kind}:refused`]: 'dead' });
  });

  test('the worker: a hung kind holds neither another kind nor the sweeps; a sweep that throws is recorded', async () => {
    const sweep = `test-sweep-${crypto.randomUUID()}`;
    const done: string[] = [];
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let sweeps = 0;
    const hungKind = kindOf(() => hanging);
    const quickKind = kindOf(async ({ key }) => void done.push(key));
    const [hung, quick] = [hungKind.name, quickKind.name];
    for (let i = 0; i < 6; i++) await enqueueAny(db, { kind: hung, key: `${hung}:${i}`, payload: null });
    startWorker(db, [hungKind, quickKind], {
      pollMs: 20,
      sweeps: [
        defineSweep({
          name: sweep,
          title: 'A test sweep',
          run: async () => {
            if (++sweeps === 1) throw new Error('one bad row');
          },
          policy: { every: 0 },
        }),
      ],
    });
    try {
      // Four of the six hung jobs hold their lanes; the other kind still runs at once, queued by
      // a request that does not wait for it.
      await expect.poll(async () => (await states(hung))[`${hung}:0`]).toBe('running');
      const answered = await queueing(() =>
        db.transaction().execute((trx) => enqueueAny(trx, { kind: quick, key: `${quick}:q`, payload: null })),
      );
      expect(answered).toBeUndefined();
      await expect.poll(() => done).toEqual([`${quick}:q`]);
      const hungStates = Object.values(await states(hung));
      expect(hungStates.filter((state) => state === 'running')).toHaveLength(4);
      // The sweep ran again and again meanwhile, and its failure is on record.
      await expect.poll(() => sweeps).toBeGreaterThan(3);
      const [row] = (await sweepRuns(db)).filter((run) => run.name === sweep);
      expect(row).toMatchObject({ last_error: 'one bad row' });
      expect(row!.last_ok_at! > row!.last_error_at!).toBe(true);
      // Once they answer, the lanes drain the other two without waiting for a tick.
      release();
      await expect.poll(async () => Object.values(await states(hung))).toEqual(Array(6).fill('done'));
    } finally {
      release();
      await stopWorker();
    }
  });

  test('a payload that does not fit its kind is dead when claimed, with what is wrong; its handler never runs', async () => {
    const runs: unknown[] = [];
    const job = kindOf(
      async ({ payload }) => void runs.push(payload),
      FIVE_TRIES,
      z.object({ bookingId: z.string(), sequence: z.number() }),
    );
    const kind = job.name;
    const now = at('2031-03-01T09:00:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:fits`, payload: { bookingId: 'b1', sequence: 2 } }, now);
    await enqueueAny(db, { kind, key: `${kind}:misfit`, payload: { bookingId: 42 } }, now);
    await runDue(db, [job], { now: () => now });
    expect(runs).toEqual([{ bookingId: 'b1', sequence: 2 }]);
    const rows = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('key').execute();
    expect(rows.map((row) => [row.key, row.state, row.attempts, row.last_error])).toEqual([
      [`${kind}:fits`, 'done', 1, null],
      [
        `${kind}:misfit`,
        'dead',
        1,
        'payload refused: bookingId: Expected string, received number; sequence: Required',
      ],
    ]);
  });

  test("each kind's own policy: its tries, its waits between them, and when it is stale", async () => {
    let calls = 0;
    const twice = kindOf(
      async () => {
        calls++;
        throw new Error('still down');
      },
      { attempts: 2, retryDelays: [10 * 60_000], staleAfter: 60 * 60_000 },
    );
    const kind = twice.name;
    const start = at('2031-04-01T09:00:00.000Z');
    const after = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await enqueueAny(db, { kind, key: `${kind}:tried`, payload: null }, start);
    await runDue(db, [twice], { now: () => start });
    const [failed] = await db.selectFrom('jobs').selectAll().where('key', '=', `${kind}:tried`).execute();
    // Tried again after its kind's 10 minutes, not the 30 s of the mails.
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, run_at: after(10).toISOString() });
    await runDue(db, [twice], { now: () => after(9) });
    expect(calls).toBe(1);
    await runDue(db, [twice], { now: () => after(10) });
    // Its second try was its last.
    expect(calls).toBe(2);
    expect(await states(kind)).toEqual({ [`${kind}:tried`]: 'dead' });

    // Not run within an hour of falling due: dropped, never run late.
    await enqueueAny(db, { kind, key: `${kind}:late`, payload: null, runAt: start }, start);
    await runDue(db, [twice], { now: () => after(61) });
    expect(calls).toBe(2);
    expect(await states(kind)).toMatchObject({ [`${kind}:late`]: 'cancelled' });
  });

  test('the worker queues a recurring kind once per occurrence, and starts a sweep by its policy', async () => {
    const ran: string[] = [];
    const hourly = defineKind({
      name: `test-${crypto.randomUUID()}`,
      title: 'A recurring test kind',
      payload: z.null(),
      handler: async ({ key }) => void ran.push(key),
      policy: { ...FIVE_TRIES, staleAfter: 60 * 60_000 },
      schedule: { every: 'every hour', keyAt: (now) => `hourly:${now.toISOString().slice(0, 13)}` },
    });
    let often = 0;
    let seldom = 0;
    // The worker's clock stands still: every tick falls in the same hour.
    const now = at('2031-06-01T10:15:00.000Z');
    startWorker(db, [hourly], {
      pollMs: 20,
      now: () => now,
      sweeps: [
        defineSweep({
          name: `test-often-${crypto.randomUUID()}`,
          title: 'Often',
          run: async () => void often++,
          policy: { every: 0 },
        }),
        defineSweep({
          name: `test-seldom-${crypto.randomUUID()}`,
          title: 'Seldom',
          run: async () => void seldom++,
          policy: { every: 60 * 60_000 },
        }),
      ],
    });
    try {
      await expect.poll(() => often).toBeGreaterThan(3);
      // Many ticks: the hour's occurrence ran once, and the hourly sweep once, at start-up.
      expect(ran).toEqual(['hourly:2031-06-01T10']);
      expect(seldom).toBe(1);
    } finally {
      await stopWorker();
    }
    const [row] = await db.selectFrom('jobs').selectAll().where('kind', '=', hourly.name).execute();
    expect(row).toMatchObject({ state: 'done', payload: 'null' });
    expect(Date.parse(row!.stale_at!) - Date.parse(row!.run_at)).toBe(60 * 60_000);
  });

  test('/admin/jobs lists each kind with its policy and last run, and each sweep with its last run', async () => {
    let fail = false;
    const job = kindOf(async () => {
      if (fail) throw new Error('no answer');
    });
    const kind = job.name;
    const never = kindOf();
    const sweep = defineSweep({
      name: `test-sweep-${crypto.randomUUID()}`,
      title: 'A sweep',
      run: async () => 0,
      policy: { every: 5_000 },
    });
    const now = at('2031-05-01T09:00:00.000Z');
    await enqueueAny(db, { kind, key: `${kind}:ok`, payload: null }, now);
    await runDue(db, [job], { now: () => now });
    fail = true;
    await enqueueAny(db, { kind, key: `${kind}:fails`, payload: null }, now);
    await runDue(db, [job], { now: () => new Date(now.getTime() + 1000) });
    const work = await timedWork(db, [job, never], [sweep]);
    expect(work.kinds).toEqual([
      {
        name: kind,
        title: 'A test kind',
        attempts: 5,
        retryDelays: [30_000, 60_000, 120_000, 240_000],
        staleAfter: null,
        staleWhen: null,
        every: null,
        lastDoneAt: now.toISOString(),
        lastFailedAt: new Date(now.getTime() + 1000).toISOString(),
      },
      expect.objectContaining({ name: never.name, lastDoneAt: null, lastFailedAt: null }),
    ]);
    expect(work.sweeps).toEqual([
      {
        name: sweep.name,
        title: 'A sweep',
        every: 5_000,
        lastRunAt: null,
        instance: null,
        lastErrorAt: null,
        lastError: null,
      },
    ]);
  });

  test('queueing() without a running worker: the jobs wait in the table, queued', async () => {
    const kind = kindOf().name;
    await queueing(() =>
      db.transaction().execute((trx) => enqueueAny(trx, { kind, key: `${kind}:q`, payload: null })),
    );
    expect(await states(kind)).toEqual({ [`${kind}:q`]: 'queued' });
  });
});
