// Timed work every instance shares (docs/decisions/027-jobs-table.md, docs/architecture.md §14):
// mails owed by a change, reminders, recurring housekeeping. A job is a row of `jobs`, enqueued by
// the transaction of the change that causes it, so it exists if and only if that change committed.
// Every instance runs a worker; a claim is one statement, so of several workers exactly one takes
// a job. The work is done, then the job marked done at once: a process killed in between leaves
// it running until its lease expires and another worker takes it again (at least once per key,
// once in practice). A job whose `staleAt` has passed is dropped, not done late.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely, Selectable } from 'kysely';
import { config } from './config';
import { isPostgres } from './db/engine';
import type { Database, JobsTable } from './db/schema';

/** Attempts before a job is dead (shown on /admin/jobs, retried only by an admin). */
export const MAX_ATTEMPTS = 5;
/** How long a claim holds a job: one attempt must end within it (JOB_LEASE_SECONDS, 2 minutes). */
export const leaseMs = () => config.JOB_LEASE_SECONDS * 1000;
/** How often a worker looks for due jobs. */
export const POLL_MS = 5_000;
/** A failed attempt is tried again after 30 s, 1, 2 and 4 minutes. */
const retryDelay = (attempts: number) => 30_000 * 2 ** (attempts - 1);

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  /** unique: a job already there under this key is left as it is */
  key: string;
  /** what it is about ('booking:{id}'): cancelJobs() finds it by this */
  subject?: string | null;
  payload: unknown;
  runAt?: Date;
  staleAt?: Date | null;
}

/** What a job's handler is given; it throws to fail the attempt. */
export interface RunningJob<Payload = unknown> {
  id: string;
  key: string;
  payload: Payload;
  attempts: number;
  now: Date;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler knows its payload
export type Handlers = Record<string, (job: RunningJob<any>) => Promise<void>>;

/** The ids a request's transactions queued (queueing() below), to be run once they have committed. */
const queuedHere = new AsyncLocalStorage<string[]>();

/** Adds a job in `trx`, unless one with its key exists. */
export async function enqueue(trx: Kysely<Database>, job: NewJob, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const row = await trx
    .insertInto('jobs')
    .values({
      id: crypto.randomUUID(),
      kind: job.kind,
      key: job.key,
      subject: job.subject ?? null,
      payload: JSON.stringify(job.payload),
      run_at: (job.runAt ?? now).toISOString(),
      stale_at: job.staleAt?.toISOString() ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) queuedHere.getStore()?.push(row.id);
}

/** Cancels the jobs about `subject` not yet run (of `kinds`, if given), in `trx`. */
export async function cancelJobs(trx: Kysely<Database>, subject: string, kinds: string[], now = new Date()) {
  let query = trx
    .updateTable('jobs')
    .set({ state: 'cancelled', updated_at: now.toISOString() })
    .where('subject', '=', subject)
    .where('state', 'in', ['queued', 'failed']);
  if (kinds.length) query = query.where('kind', 'in', kinds);
  await query.execute();
}

/**
 * Takes up to `limit` due jobs of `kinds` (with `ids`, only those) for `instance`, in one
 * statement: FOR UPDATE SKIP LOCKED on PostgreSQL, where workers claim side by side; SQLite runs
 * one writing statement at a time. A running job whose lease has expired (its worker died) is due
 * again. A split select-then-update sent 928 mails for 300 reminders here (FAIR-USE notes).
 */
export async function claim(
  db: Kysely<Database>,
  {
    instance,
    now,
    limit,
    kinds,
    ids,
  }: { instance: string; now: Date; limit: number; kinds: string[]; ids?: string[] },
): Promise<JobRow[]> {
  if ((ids && !ids.length) || !kinds.length) return [];
  const at = now.toISOString();
  let pick = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', ['queued', 'failed']), eb('run_at', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]),
      ]),
    )
    .where('attempts', '<', MAX_ATTEMPTS)
    // Only what this worker can run: an instance of an older release leaves a new kind alone.
    .where('kind', 'in', kinds)
    .orderBy('run_at')
    .limit(limit);
  if (ids) pick = pick.where('id', 'in', ids);
  if (isPostgres(db)) pick = pick.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      lease_until: new Date(now.getTime() + leaseMs()).toISOString(),
      locked_by: instance,
      updated_at: at,
    }))
    .where('id', 'in', pick)
    .returningAll()
    .execute();
}

/** Ends an attempt of a job this instance still holds (a job reclaimed from it is left alone). */
async function settle(
  db: Kysely<Database>,
  job: JobRow,
  instance: string,
  now: Date,
  outcome: { state: 'done' | 'cancelled' | 'dead' } | { state: 'failed'; runAt: Date },
  error: string | null,
) {
  await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      run_at: outcome.state === 'failed' ? outcome.runAt.toISOString() : job.run_at,
      lease_until: null,
      last_error: error ?? job.last_error,
      updated_at: now.toISOString(),
    })
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('locked_by', '=', instance)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** Runs one claimed job with its kind's handler and records how it went. */
async function run(
  db: Kysely<Database>,
  handlers: Handlers,
  job: JobRow,
  instance: string,
  clock: () => Date,
) {
  const now = clock();
  if (job.stale_at && job.stale_at <= now.toISOString())
    return settle(db, job, instance, now, { state: 'cancelled' }, `dropped: stale since ${job.stale_at}`);
  try {
    await handlers[job.kind]!({
      id: job.id,
      key: job.key,
      payload: JSON.parse(job.payload),
      attempts: job.attempts,
      now,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Job ${job.key} failed (attempt ${job.attempts} of ${MAX_ATTEMPTS}): ${message}`);
    const end = clock();
    return settle(
      db,
      job,
      instance,
      end,
      job.attempts >= MAX_ATTEMPTS
        ? { state: 'dead' }
        : { state: 'failed', runAt: new Date(end.getTime() + retryDelay(job.attempts)) },
      message.slice(0, 500),
    );
  }
  await settle(db, job, instance, clock(), { state: 'done' }, null);
}

/**
 * Jobs that can no longer run: running ones whose last lease expired on their final attempt (dead),
 * and waiting ones past their stale time (dropped).
 */
async function retire(db: Kysely<Database>, now: Date) {
  const at = now.toISOString();
  await db
    .updateTable('jobs')
    .set({
      state: 'dead',
      lease_until: null,
      last_error: 'its worker stopped during the last attempt',
      updated_at: at,
    })
    .where('state', '=', 'running')
    .where('lease_until', '<', at)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  await db
    .updateTable('jobs')
    .set({ state: 'cancelled', last_error: 'dropped: stale before it ran', updated_at: at })
    .where('state', 'in', ['queued', 'failed'])
    .where('stale_at', '<=', at)
    .execute();
}

export const instanceName = () => `${os.hostname()}:${process.pid}`;

/** One pass of a worker: retires what cannot run, then claims and runs due jobs, `limit` at a time. */
export async function runDue(
  db: Kysely<Database>,
  handlers: Handlers,
  { instance = instanceName(), now = () => new Date(), limit = 10, ids }: RunOptions = {},
): Promise<number> {
  await retire(db, now());
  let ran = 0;
  for (;;) {
    const jobs = await claim(db, { instance, now: now(), limit, kinds: Object.keys(handlers), ids });
    for (const job of jobs) await run(db, handlers, job, instance, now);
    ran += jobs.length;
    if (jobs.length < limit || ids) return ran;
  }
}

interface RunOptions {
  instance?: string;
  /** the worker's clock (a test's, or the real one) */
  now?: () => Date;
  limit?: number;
  ids?: string[];
}

interface Worker {
  /** Runs the jobs a request queued, as soon as its transaction has committed. */
  runNow: (ids: string[]) => Promise<void>;
  /** Stops claiming, and resolves once the pass under way has finished. */
  stop: () => Promise<void>;
}

let worker: Worker | null = null;

/**
 * Starts this instance's worker: a pass every `pollMs`, and the jobs a request queued run right
 * after its commit (queueing()). Before each pass, `recurring` adds the recurring jobs due by now
 * and `sweeps` run: guarded updates any instance may run at any time, each row changed by one
 * (the release of no-shows).
 */
export function startWorker(
  db: Kysely<Database>,
  handlers: Handlers,
  options: {
    pollMs?: number;
    now?: () => Date;
    recurring?: (now: Date) => NewJob[];
    sweeps?: ((now: Date) => Promise<unknown>)[];
  } = {},
): Worker {
  if (worker) return worker;
  const now = options.now ?? (() => new Date());
  const instance = instanceName();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  // The occurrences this instance enqueued last pass: each is written once, not on every pass.
  let enqueued = new Set<string>();
  const tick = () => {
    pass = (async () => {
      const recurring = options.recurring?.(now()) ?? [];
      for (const job of recurring) if (!enqueued.has(job.key)) await enqueue(db, job, now());
      enqueued = new Set(recurring.map((job) => job.key));
      for (const sweep of options.sweeps ?? []) await sweep(now());
      await runDue(db, handlers, { instance, now });
    })()
      .catch((error) => console.error('The job worker failed a pass:', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? POLL_MS).unref();
      });
  };
  tick();
  worker = {
    async runNow(ids) {
      if (stopped || !ids.length) return;
      await runDue(db, handlers, { instance, now, ids }).catch((error) =>
        console.error('Running queued jobs failed (the worker will try again):', error),
      );
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
  return worker;
}

/** Stops this instance's worker, if it runs (SIGTERM: server/index.ts). */
export async function stopWorker() {
  const stopping = worker?.stop();
  worker = null;
  await stopping;
}

/**
 * Runs `work` (which writes in transactions and enqueues jobs) and then, this instance's worker
 * running, the jobs it queued: a mail owed by a booking leaves before the page answers, as it did
 * when it was sent from the request. Nothing is lost if the process dies first: the job waits in
 * the table for any worker.
 */
export async function queueing<T>(work: () => Promise<T>): Promise<T> {
  const ids: string[] = [];
  const result = await queuedHere.run(ids, work);
  await worker?.runNow(ids);
  return result;
}

/** The figures /admin/jobs and /healthz show. */
export async function jobStats(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  const [counts, oldestDue, failing] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', 'in', ['queued', 'running', 'failed', 'dead'])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_at').as('run_at'))
      .where('state', 'in', ['queued', 'failed'])
      .where('run_at', '<=', at)
      .executeTakeFirst(),
    db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'state', 'attempts', 'last_error', 'run_at', 'updated_at'])
      .where('state', 'in', ['failed', 'dead'])
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(20)
      .execute(),
  ]);
  const count = (state: string) => Number(counts.find((row) => row.state === state)?.n ?? 0);
  const due = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', 'in', ['queued', 'failed'])
    .where('run_at', '<=', at)
    .executeTakeFirstOrThrow();
  const oldest = oldestDue?.run_at ? String(oldestDue.run_at) : null;
  return {
    queued: count('queued') + count('failed'),
    due: Number(due.n),
    running: count('running'),
    dead: count('dead'),
    /** seconds the oldest due job has waited (0: none waits) */
    oldestDueSeconds: oldest ? Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)) : 0,
    /** the latest 20 jobs that failed: to be tried again, or dead */
    failing,
  };
}

/** An admin's 'Retry' on a dead job: queued again now with fresh attempts; null if it is not dead. */
export async function retryDead(db: Kysely<Database>, id: string, now = new Date()) {
  const job = await db
    .updateTable('jobs')
    .set({ state: 'queued', attempts: 0, run_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'dead')
    .returning(['id', 'kind'])
    .executeTakeFirst();
  return job ?? null;
}
