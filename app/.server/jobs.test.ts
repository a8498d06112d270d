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
  jobStats,
  leaseMs,
  MAX_ATTEMPTS,
  queueing,
  retryDead,
  runDue,
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
    const stats = await jobStats(db);
    expect(stats.failing.find((job) => job.key === `${kind}:x`)).toMatchObject({ state: 'dead' });
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

  test('the oldest due job is what /healthz reports', async () => {
    const kind = kindOf();
    const now = at('2031-01-01T12:00:00.000Z');
    await enqueue(db, { kind, key: `${kind}:1`, payload: null, runAt: at('2031-01-01T11:59:00.000Z') }, now);
    const stats = await jobStats(db, now);
    expect(stats.oldestDueSeconds).toBeGreaterThanOrEqual(60);
    expect(stats.due).toBeGreaterThanOrEqual(1);
    await runDue(db, { [kind]: async () => undefined }, { now: () => now });
  });

  test('queueing() hands the ids its transactions queued to the running worker, and only those', async () => {
    const kind = kindOf();
    // No worker runs in this process: the jobs wait in the table, queued.
    await queueing(() =>
      db.transaction().execute((trx) => enqueue(trx, { kind, key: `${kind}:q`, payload: null })),
    );
    expect(await states(kind)).toEqual({ [`${kind}:q`]: 'queued' });
  });
});
