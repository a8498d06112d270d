// The jobs table on the real store (SQLite here, PostgreSQL in the second unit run): three workers,
// each on its own connection as three instances would be, share one table; each key runs once.
import crypto from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import { config } from './config';
import { connect, db } from './db';
import type { Database } from './db/schema';
import {
  cancelJobs,
  claim,
  enqueue,
  firstDue,
  JobFailure,
  jobStats,
  leaseMs,
  listJobs,
  MAX_ATTEMPTS,
  owedState,
  queueing,
  retryDead,
  runDue,
  startWorker,
  stopWorker,
  sweepRuns,
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

/** A kind of job no other test queues, so each test sees only its own. */
const kindOf = () => `test-${crypto.randomUUID()}`;
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
    const kind = kindOf();
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 300; i++) await enqueue(trx, { kind, key: `${kind}:${i}`, payload: { i } }, now);
    });
    const runs: string[] = [];
    const handlers = {
      [kind]: async ({ key }: { key: string }) => {
        runs.push(key);
        // a send takes a moment: the other workers claim meanwhile
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    const workers = await Promise.all([instance(), instance(), instance()]);
    const ran = await Promise.all(
      workers.map((worker, n) => runDue(worker, handlers, { instance: `worker-${n}`, limit: 7 })),
    );
    expect(runs).toHaveLength(300);
    expect(new Set(runs).size).toBe(300);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(300);
    // every worker took a share: they ran side by side
    expect(ran.every((count) => count > 0)).toBe(true);
    expect(Object.values(await states(kind)).every((state) => state === 'done')).toBe(true);
  });

  test('a key already queued is not queued again; a rolled-back change queues nothing', async () => {
    const kind = kindOf();
    await enqueue(db, { kind, key: `${kind}:a`, payload: 1 });
    await enqueue(db, { kind, key: `${kind}:a`, payload: 2 });
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, { kind, key: `${kind}:b`, payload: 3 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.selectFrom('jobs').select(['key', 'payload']).where('kind', '=', kind).execute();
    expect(rows).toEqual([{ key: `${kind}:a`, payload: '1' }]);
  });

  test('not before run_at; dropped, not run, once stale; cancelled jobs never run', async () => {
    const kind = kindOf();
    const now = at('2030-01-01T09:00:00.000Z');
    await enqueue(db, { kind, key: `${kind}:later`, payload: 0, runAt: at('2030-01-01T10:00:00.000Z') }, now);
    await enqueue(
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
    await enqueue(db, { kind, key: `${kind}:cancelled`, subject: `s:${kind}`, payload: 0 }, now);
    await cancelJobs(db, `s:${kind}`, [kind], now);
    const runs: string[] = [];
    const handlers = { [kind]: async ({ key }: { key: string }) => void runs.push(key) };
    await runDue(db, handlers, { now: () => now });
    expect(runs).toEqual([]);
    expect(await states(kind)).toEqual({
      [`${kind}:later`]: 'queued',
      [`${kind}:stale`]: 'cancelled',
      [`${kind}:cancelled`]: 'cancelled',
    });
    await runDue(db, handlers, { now: () => at('2030-01-01T10:00:00.000Z') });
    expect(runs).toEqual([`${kind}:later`]);
  });

  test('a failed attempt is tried again later; after 5 the job is dead until an admin retries it', async () => {
    const kind = kindOf();
    let calls = 0;
    let fail = true;
    const handlers = {
      [kind]: async () => {
        calls++;
        if (fail) throw new Error('SMTP said no');
      },
    };
    const start = at('2030-02-01T09:00:00.000Z');
    await enqueue(db, { kind, key: `${kind}:x`, payload: null }, start);
    // Each pass far enough ahead for the back-off (30 s, 1, 2, 4 minutes) to have passed.
    for (let pass = 1; pass <= MAX_ATTEMPTS + 2; pass++)
      await runDue(db, handlers, { now: () => new Date(start.getTime() + pass * 3_600_000) });
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
    await runDue(db, handlers, { now: () => new Date(Date.now() + 1000) });
    expect(calls).toBe(MAX_ATTEMPTS + 1);
    expect(await states(kind)).toEqual({ [`${kind}:x`]: 'done' });
  });

  test('a worker killed mid-job: its lease expires and another worker runs the job again', async () => {
    const kind = kindOf();
    const now = at('2030-03-01T09:00:00.000Z');
    await enqueue(db, { kind, key: `${kind}:k`, payload: null }, now);
    // Worker A claims it and dies (never settles it).
    const [claimed] = await claim(db, { instance: 'worker-a', now, limit: 10, kinds: [kind] });
    expect(claimed).toMatchObject({ state: 'running', locked_by: 'worker-a', attempts: 1 });
    const runs: string[] = [];
    const handlers = { [kind]: async ({ key }: { key: string }) => void runs.push(key) };
    // Within the lease nobody else takes it.
    await runDue(db, handlers, {
      instance: 'worker-b',
      now: () => new Date(now.getTime() + leaseMs() - 1000),
    });
    expect(runs).toEqual([]);
    await runDue(db, handlers, {
      instance: 'worker-b',
      now: () => new Date(now.getTime() + leaseMs() + 1000),
    });
    expect(runs).toEqual([`${kind}:k`]);
    expect(await states(kind)).toEqual({ [`${kind}:k`]: 'done' });
  });

  test('/healthz counts the oldest owed job from its first due time, through retries, running or hung', async () => {
    const kind = kindOf();
    const due = at('2031-01-01T11:59:00.000Z');
    await enqueue(db, { kind, key: `${kind}:1`, payload: null, runAt: due }, due);
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
    await runDue(
      db,
      { [kind]: async () => Promise.reject(new Error('greeting never came')) },
      { now: () => now },
    );
    expect(await owed(at('2031-01-01T12:00:10.000Z'))).toEqual({ seconds: 70, state: 'retry-wait' });
    // Claimed and hanging: running, then past its lease.
    const retry = at('2031-01-01T12:01:00.000Z');
    await claim(db, { instance: 'hung', now: retry, limit: 1, kinds: [kind] });
    expect(await owed(retry)).toEqual({ seconds: 120, state: 'running' });
    const late = new Date(retry.getTime() + leaseMs() + 1000);
    expect((await owed(late)).state).toBe('lease-expired');
    await runDue(db, { [kind]: async () => undefined }, { now: () => late });
    expect(await states(kind)).toEqual({ [`${kind}:1`]: 'done' });
  });

  test('a permanent refusal is dead at once with the reason; an attempt past its deadline fails and is retried', async () => {
    const kind = kindOf();
    const refused = '550 5.1.1 <nobody@example.ie>: Recipient address rejected';
    let hang = true;
    const handlers = {
      [kind]: async ({ key }: { key: string }) => {
        if (key.endsWith(':refused')) throw new JobFailure(refused, true);
        if (hang) await new Promise(() => undefined);
      },
    };
    const now = at('2031-02-01T09:00:00.000Z');
    await enqueue(db, { kind, key: `${kind}:refused`, payload: null }, now);
    await enqueue(db, { kind, key: `${kind}:hangs`, payload: null }, now);
    await runDue(db, handlers, { now: () => now, deadlineMs: 50 });
    const rows = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('key').execute();
    expect(rows.map((row) => [row.key, row.state, row.attempts, row.last_error])).toEqual([
      [`${kind}:hangs`, 'failed', 1, 'no end within 0 s'],
      [`${kind}:refused`, 'dead', 1, refused],
    ]);
    hang = false;
    await runDue(db, handlers, { now: () => new Date(now.getTime() + 60_000), deadlineMs: 50 });
    expect(await states(kind)).toEqual({ [`${kind}:hangs`]: 'done', [`${kind}:refused`]: 'dead' });
  });

  test('the worker: a hung kind holds neither another kind nor the sweeps; a sweep that throws is recorded', async () => {
    const [hung, quick] = [kindOf(), kindOf()];
    const sweep = `test-sweep-${crypto.randomUUID()}`;
    const done: string[] = [];
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let sweeps = 0;
    for (let i = 0; i < 6; i++) await enqueue(db, { kind: hung, key: `${hung}:${i}`, payload: null });
    startWorker(
      db,
      { [hung]: () => hanging, [quick]: async ({ key }) => void done.push(key) },
      {
        pollMs: 20,
        sweeps: [
          {
            name: sweep,
            run: async () => {
              if (++sweeps === 1) throw new Error('one bad row');
            },
          },
        ],
      },
    );
    try {
      // Four of the six hung jobs hold their lanes; the other kind still runs at once, queued by
      // a request that does not wait for it.
      await expect.poll(async () => (await states(hung))[`${hung}:0`]).toBe('running');
      const answered = await queueing(() =>
        db.transaction().execute((trx) => enqueue(trx, { kind: quick, key: `${quick}:q`, payload: null })),
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

  test('queueing() without a running worker: the jobs wait in the table, queued', async () => {
    const kind = kindOf();
    await queueing(() =>
      db.transaction().execute((trx) => enqueue(trx, { kind, key: `${kind}:q`, payload: null })),
    );
    expect(await states(kind)).toEqual({ [`${kind}:q`]: 'queued' });
  });
});
