// Timed work every instance shares (docs/decisions/027-jobs-table.md, docs/architecture.md §14):
// mails owed by a change, reminders, recurring housekeeping. A job is a row of `jobs`, enqueued by
// the transaction of the change that causes it, so it exists if and only if that change committed.
// Every instance runs a worker; a claim is one statement, so of several workers exactly one takes
// a job. The work is done, then the job marked done at once: a process killed in between leaves
// it running until its lease expires and another worker takes it again (at least once per key,
// once in practice). A job whose `staleAt` has passed is dropped, not done late. Nothing stalls the
// worker: each attempt ends within its lease (a deadline, besides the mail's own timeouts), each
// kind runs in lanes of its own, and the sweeps run beside the jobs, never behind them.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import os from 'node:os';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { config } from './config';
import { isPostgres } from './db/engine';
import type { Database, JobsTable } from './db/schema';

/** How long a claim holds a job: one attempt must end within it (JOB_LEASE_SECONDS, 2 minutes). */
export const leaseMs = () => config.JOB_LEASE_SECONDS * 1000;
/** How often a worker looks for due jobs. */
export const POLL_MS = 5_000;
/** An attempt still running at 90 % of its lease is failed by its worker, before another can claim it. */
export const attemptMs = () => Math.floor(leaseMs() * 0.9);
/** How many attempts of one kind an instance runs at once: a hung kind never holds another's. */
export const LANES_PER_KIND = 4;

/**
 * A handler's failure that says whether a retry could mend it: a `permanent` one (the mail server
 * refused the message for good) makes the job dead at once, with its reason on /admin/jobs.
 */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** `promise`, or a rejection with `message` once `ms` have passed; the timer never outlives it. */
export function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export type JobRow = Selectable<JobsTable>;

/** What a job's handler is given; it throws to fail the attempt. */
export interface RunningJob<Payload = unknown> {
  id: string;
  key: string;
  payload: Payload;
  attempts: number;
  now: Date;
}

/** How a kind's jobs are tried, and when one is no use any more (app/.server/job-kinds.ts). */
export interface JobPolicy {
  /** attempts before a job is dead (shown on /admin/jobs, retried only by an admin) */
  attempts: number;
  /** the wait after each failed attempt, in order; the last one repeats */
  retryDelays: readonly number[];
  /** a job not run this long after it fell due is dropped, never run late */
  staleAfter?: number;
  /** in words, the stale time each job is given as it is queued ('once the booking starts') */
  staleWhen?: string;
}

/** Recurring work: every instance asks for each occurrence, and its key makes it one job. */
export interface JobSchedule {
  /** in words, for /admin/jobs ('every hour of the lab's clock') */
  every: string;
  /** the key of the occurrence due at `now`, the same on every instance */
  keyAt: (now: Date) => string;
}

/** One kind of job: its name, its payload (checked when a job is claimed), its handler and policy. */
export interface JobKind<Name extends string = string, Payload extends z.ZodTypeAny = z.ZodTypeAny> {
  name: Name;
  /** what it does, for /admin/jobs */
  title: string;
  payload: Payload;
  handler: (job: RunningJob<z.output<Payload>>) => Promise<unknown>;
  policy: JobPolicy;
  /** recurring work, queued by the worker with a null payload */
  schedule?: JobSchedule;
}

/** A kind of any payload, as the worker holds them side by side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's handler knows its own payload
export type AnyJobKind = JobKind<string, any>;

/** A kind of job, its payload's type taken from its schema; a recurring kind must take a null payload. */
export function defineKind<Name extends string, Payload extends z.ZodTypeAny>(kind: JobKind<Name, Payload>) {
  if (kind.schedule && !kind.payload.safeParse(null).success)
    throw new Error(`The recurring job kind ${kind.name} must take a null payload`);
  if (!kind.policy.retryDelays.length) throw new Error(`The job kind ${kind.name} has no retry delay`);
  return kind;
}

/** Timed work that is not a job: a guarded update any instance may run at any time. */
export interface Sweep {
  /** its row in `sweeps` ('release-no-shows') */
  name: string;
  /** what it does, for /admin/jobs */
  title: string;
  run: (now: Date) => Promise<unknown>;
  /** each instance starts it at most once `every` milliseconds, and never while it still runs */
  policy: { every: number };
}

export const defineSweep = (sweep: Sweep) => sweep;

/**
 * Every listed kind's payload by its name, as enqueue() takes it. The list (job-kinds.ts) fills it
 * in with `declare module`, as graphile-worker's task list does: the core never imports the list,
 * whose handlers import the core.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by job-kinds.ts
export interface JobPayloads {}

/** A listed kind's name: anything else is a type error, not a job queued for ever. */
export type JobName = keyof JobPayloads & string;

/** The payloads of a list of kinds by their names, for JobPayloads. */
export type PayloadsOf<Kinds extends readonly AnyJobKind[]> = {
  [Kind in Kinds[number] as Kind['name']]: z.input<Kind['payload']>;
};

interface JobFields {
  /** unique: a job already there under this key is left as it is */
  key: string;
  /** what it is about ('booking:{id}'): cancelJobs() finds it by this */
  subject?: string | null;
  runAt?: Date;
  staleAt?: Date | null;
}

/** A job to queue: a listed kind, with the payload of that kind. */
export type NewJob = { [Name in JobName]: JobFields & { kind: Name; payload: JobPayloads[Name] } }[JobName];

/** A job of any kind, as the worker queues recurring work (and tests queue kinds of their own). */
export type AnyNewJob = JobFields & { kind: string; payload: unknown };

/** The ids a request's transactions queued (queueing() below), to be run once they have committed. */
const queuedHere = new AsyncLocalStorage<string[]>();

/** Adds a job in `trx`, unless one with its key exists. */
export const enqueue = (trx: Kysely<Database>, job: NewJob, now = new Date()) => addJob(trx, job, now);

async function addJob(trx: Kysely<Database>, job: AnyNewJob, now: Date): Promise<void> {
  const at = now.toISOString();
  const runAt = (job.runAt ?? now).toISOString();
  const row = await trx
    .insertInto('jobs')
    .values({
      id: crypto.randomUUID(),
      kind: job.kind,
      key: job.key,
      subject: job.subject ?? null,
      payload: JSON.stringify(job.payload),
      run_at: runAt,
      due_at: runAt,
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
export async function cancelJobs(trx: Kysely<Database>, subject: string, kinds: JobName[], now = new Date()) {
  let query = trx
    .updateTable('jobs')
    .set({ state: 'cancelled', updated_at: now.toISOString() })
    .where('subject', '=', subject)
    .where('state', 'in', ['queued', 'failed']);
  if (kinds.length) query = query.where('kind', 'in', kinds);
  await query.execute();
}

/** What the claim and retire() need of a kind: its name and how many attempts it gets. */
type KindLimits = { name: string; policy: Pick<JobPolicy, 'attempts'> };

/**
 * Jobs of `kinds` whose attempts are under (`<`) or have reached (`>=`) their kind's limit: one
 * condition for each number of attempts the kinds give.
 */
function attemptsOf(eb: ExpressionBuilder<Database, 'jobs'>, kinds: readonly KindLimits[], op: '<' | '>=') {
  const byLimit = new Map<number, string[]>();
  for (const { name, policy } of kinds)
    byLimit.set(policy.attempts, [...(byLimit.get(policy.attempts) ?? []), name]);
  return eb.or(
    [...byLimit].map(([attempts, names]) => eb.and([eb('kind', 'in', names), eb('attempts', op, attempts)])),
  );
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
  }: { instance: string; now: Date; limit: number; kinds: readonly KindLimits[]; ids?: string[] },
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
    // Only what this worker can run (an instance of an older release leaves a new kind alone),
    // with attempts left under its kind's policy.
    .where((eb) => attemptsOf(eb, kinds, '<'))
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

/** When a job is no use any more: its own stale time, or its kind's, whichever comes first. */
function staleTime(job: Pick<JobRow, 'stale_at' | 'due_at' | 'run_at'>, policy: JobPolicy): string | null {
  const byPolicy =
    policy.staleAfter === undefined
      ? null
      : new Date(Date.parse(firstDue(job)) + policy.staleAfter).toISOString();
  if (!job.stale_at || !byPolicy) return job.stale_at ?? byPolicy;
  return job.stale_at < byPolicy ? job.stale_at : byPolicy;
}

/** The wait after a job's `attempts`-th failed attempt: its kind's delays in order, the last repeating. */
export const retryDelay = (policy: JobPolicy, attempts: number) =>
  policy.retryDelays[Math.min(attempts, policy.retryDelays.length) - 1]!;

/** A stored payload checked against its kind's schema: what went wrong, in words, if it does not fit. */
function parsePayload(
  schema: z.ZodTypeAny,
  stored: string,
): { ok: true; payload: unknown } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return { ok: false, error: `payload refused: not JSON` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`);
  return { ok: false, error: `payload refused: ${issues.join('; ')}` };
}

/**
 * Runs one claimed job with its kind's handler and records how it went. A payload that does not
 * fit its kind's schema makes the job dead at once: no retry would mend it. An attempt that has
 * not ended by attemptMs() is failed here (and its promise left behind): the lease would otherwise
 * run out and a second worker take the job while the first still waits on it.
 */
async function run(
  db: Kysely<Database>,
  kind: AnyJobKind,
  job: JobRow,
  instance: string,
  clock: () => Date,
  deadlineMs = attemptMs(),
) {
  const now = clock();
  const stale = staleTime(job, kind.policy);
  if (stale && stale <= now.toISOString())
    return settle(db, job, instance, now, { state: 'cancelled' }, `dropped: stale since ${stale}`);
  const parsed = parsePayload(kind.payload, job.payload);
  if (!parsed.ok) {
    console.error(`Job ${job.key} is dead at once: ${parsed.error}`);
    return settle(db, job, instance, now, { state: 'dead' }, parsed.error.slice(0, 500));
  }
  const { attempts } = kind.policy;
  try {
    const attempt = kind.handler({
      id: job.id,
      key: job.key,
      payload: parsed.payload,
      attempts: job.attempts,
      now,
    });
    await withDeadline(attempt, deadlineMs, `no end within ${Math.round(deadlineMs / 1000)} s`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof JobFailure && error.permanent;
    console.error(
      `Job ${job.key} failed (attempt ${job.attempts} of ${attempts}${permanent ? ', for good' : ''}): ${message}`,
    );
    const end = clock();
    return settle(
      db,
      job,
      instance,
      end,
      permanent || job.attempts >= attempts
        ? { state: 'dead' }
        : { state: 'failed', runAt: new Date(end.getTime() + retryDelay(kind.policy, job.attempts)) },
      message.slice(0, 500),
    );
  }
  await settle(db, job, instance, clock(), { state: 'done' }, null);
}

/**
 * Jobs that can no longer run: running ones of `kinds` whose last lease expired on their kind's
 * final attempt (dead), and waiting ones past their own stale time or their kind's (dropped).
 */
async function retire(db: Kysely<Database>, kinds: readonly AnyJobKind[], now: Date) {
  const at = now.toISOString();
  if (kinds.length)
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
      .where((eb) => attemptsOf(eb, kinds, '>='))
      .execute();
  const dropped = { state: 'cancelled', last_error: 'dropped: stale before it ran', updated_at: at } as const;
  await db
    .updateTable('jobs')
    .set(dropped)
    .where('state', 'in', ['queued', 'failed'])
    .where('stale_at', '<=', at)
    .execute();
  for (const { name, policy } of kinds) {
    if (policy.staleAfter === undefined) continue;
    const dueBy = new Date(now.getTime() - policy.staleAfter).toISOString();
    await db
      .updateTable('jobs')
      .set(dropped)
      .where('kind', '=', name)
      .where('state', 'in', ['queued', 'failed'])
      .where((eb) => eb(eb.fn.coalesce('due_at', 'run_at'), '<=', dueBy))
      .execute();
  }
}

export const instanceName = () => `${os.hostname()}:${process.pid}`;

/** The kinds by name, for running what a claim returned. */
const byName = (kinds: readonly AnyJobKind[]) => new Map(kinds.map((kind) => [kind.name, kind]));

/** One pass of a worker: retires what cannot run, then claims and runs due jobs, `limit` at a time. */
export async function runDue(
  db: Kysely<Database>,
  kinds: readonly AnyJobKind[],
  { instance = instanceName(), now = () => new Date(), limit = 10, ids, deadlineMs }: RunOptions = {},
): Promise<number> {
  await retire(db, kinds, now());
  const named = byName(kinds);
  let ran = 0;
  for (;;) {
    const jobs = await claim(db, { instance, now: now(), limit, kinds, ids });
    for (const job of jobs) await run(db, named.get(job.kind)!, job, instance, now, deadlineMs);
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
  /** an attempt's deadline (attemptMs(): 90 % of the lease) */
  deadlineMs?: number;
}

/** Records a sweep's run in `sweeps`: its last run, and its last success or failure. */
async function recordSweep(db: Kysely<Database>, name: string, instance: string, at: Date, error?: string) {
  const row = {
    name,
    last_run_at: at.toISOString(),
    instance,
    ...(error
      ? { last_error: error.slice(0, 500), last_error_at: at.toISOString() }
      : { last_ok_at: at.toISOString() }),
  };
  await db
    .insertInto('sweeps')
    .values(row)
    .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
    .execute();
}

interface Worker {
  /** Claims the jobs a request queued, at once and without the request waiting for them. */
  kick: () => void;
  /** Stops claiming, and resolves once the attempts and sweeps under way have ended. */
  stop: () => Promise<void>;
}

let worker: Worker | null = null;

/** The occurrence of each recurring kind due at `now` (job-kinds.ts: housekeeping, hourly). */
const occurrences = (kinds: readonly AnyJobKind[], now: Date): AnyNewJob[] =>
  kinds.flatMap(({ name, schedule, policy }) =>
    schedule
      ? [
          {
            kind: name,
            key: schedule.keyAt(now),
            payload: null,
            runAt: now,
            staleAt: policy.staleAfter === undefined ? null : new Date(now.getTime() + policy.staleAfter),
          },
        ]
      : [],
  );

/**
 * Starts this instance's worker for `kinds` (job-kinds.ts). Every `pollMs` it retires what cannot
 * run, adds the occurrences of the recurring kinds due by now, starts each sweep due by its policy
 * and not still running, and claims due jobs: per kind, up to
 * LANES_PER_KIND attempts at once, each started without waiting for the others. A finished
 * attempt claims the next job of its kind, so a queue drains without waiting for the next tick;
 * a hung one holds its lane until its deadline, never the sweeps or the other kinds.
 */
export function startWorker(
  db: Kysely<Database>,
  kinds: readonly AnyJobKind[],
  options: { pollMs?: number; now?: () => Date; sweeps?: readonly Sweep[] } = {},
): Worker {
  if (worker) return worker;
  const now = options.now ?? (() => new Date());
  const instance = instanceName();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const underway = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    underway.add(work);
    void work.finally(() => underway.delete(work));
  };
  const lanes = new Map<string, number>();
  const claiming = new Set<string>();
  const again = new Set<string>();
  const sweeping = new Set<string>();
  // When this instance last started each sweep (its own clock: `every` is time that passed here).
  const swept = new Map<string, number>();
  const named = byName(kinds);
  // The occurrences this instance enqueued last tick: each is written once, not on every tick.
  let enqueued = new Set<string>();

  /** Claims and starts what the lanes of `kind` have room for; asked again meanwhile, it loops. */
  const fill = async (kind: string): Promise<void> => {
    if (claiming.has(kind)) return void again.add(kind);
    claiming.add(kind);
    try {
      do {
        again.delete(kind);
        const free = LANES_PER_KIND - (lanes.get(kind) ?? 0);
        if (stopped || free <= 0) break;
        const jobs = await claim(db, { instance, now: now(), limit: free, kinds: [named.get(kind)!] });
        for (const job of jobs) {
          lanes.set(kind, (lanes.get(kind) ?? 0) + 1);
          track(
            run(db, named.get(kind)!, job, instance, now)
              .catch((error) => console.error(`Recording job ${job.key} failed:`, error))
              .finally(() => {
                lanes.set(kind, lanes.get(kind)! - 1);
                if (!stopped) void fill(kind);
              }),
          );
        }
      } while (again.has(kind));
    } catch (error) {
      console.error(`Claiming ${kind} jobs failed (the worker will try again):`, error);
    } finally {
      claiming.delete(kind);
    }
  };
  const fillAll = () => Promise.all(kinds.map(({ name }) => fill(name)));

  const sweep = ({ name, run: work, policy }: Sweep) => {
    if (sweeping.has(name) || Date.now() - (swept.get(name) ?? -Infinity) < policy.every) return;
    sweeping.add(name);
    swept.set(name, Date.now());
    const at = now();
    track(
      work(at)
        .then(
          () => recordSweep(db, name, instance, at),
          (error) => {
            console.error(`The sweep ${name} failed:`, error);
            return recordSweep(
              db,
              name,
              instance,
              at,
              error instanceof Error ? error.message : String(error),
            );
          },
        )
        .catch((error) => console.error(`Recording the sweep ${name} failed:`, error))
        .finally(() => sweeping.delete(name)),
    );
  };

  const tick = async () => {
    try {
      await retire(db, kinds, now());
      const recurring = occurrences(kinds, now());
      for (const job of recurring) if (!enqueued.has(job.key)) await addJob(db, job, now());
      enqueued = new Set(recurring.map((job) => job.key));
    } catch (error) {
      console.error('The job worker failed a tick:', error);
    }
    for (const each of options.sweeps ?? []) sweep(each);
    await fillAll();
    if (!stopped) timer = setTimeout(() => void track(tick()), options.pollMs ?? POLL_MS).unref();
  };
  track(tick());
  worker = {
    kick() {
      if (!stopped) track(fillAll());
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (underway.size) await Promise.allSettled([...underway]);
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
 * Runs `work` (which writes in transactions and enqueues jobs) and then asks this instance's
 * worker to claim what it queued. The request does not wait for them: a booking answers once its
 * transaction has committed, and its mail leaves a moment later. Nothing is lost if the process
 * dies first: the job waits in the table for any worker.
 */
export async function queueing<T>(work: () => Promise<T>): Promise<T> {
  const ids: string[] = [];
  const result = await queuedHere.run(ids, work);
  if (ids.length) worker?.kick();
  return result;
}

/** What the oldest owed job is doing: waiting for a worker, running, past its lease, or waiting to retry. */
export type OwedState = 'due' | 'running' | 'lease-expired' | 'retry-wait';

export const owedState = (job: Pick<JobRow, 'state' | 'run_at' | 'lease_until'>, at: string): OwedState =>
  job.state === 'running'
    ? job.lease_until && job.lease_until < at
      ? 'lease-expired'
      : 'running'
    : job.state === 'failed' && job.run_at > at
      ? 'retry-wait'
      : 'due';

/** When a job was first owed (rows from before migration 016 have no due_at). */
export const firstDue = (job: Pick<JobRow, 'due_at' | 'run_at'>) => job.due_at ?? job.run_at;

/**
 * The figures /admin/jobs and /healthz show. A job is owed from its first due time until it is
 * done, dropped or dead, whatever it is doing meanwhile: waiting for a worker, running (perhaps
 * hanging), past its lease, or waiting for a retry.
 */
export async function jobStats(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  const [counts, due, oldest] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('state', 'in', ['queued', 'running', 'failed', 'dead'])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', 'in', ['queued', 'failed'])
      .where('run_at', '<=', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select(['kind', 'key', 'state', 'attempts', 'run_at', 'due_at', 'lease_until'])
      .where('state', 'in', ['queued', 'failed', 'running'])
      .where((eb) => eb(eb.fn.coalesce('due_at', 'run_at'), '<=', at))
      .orderBy((eb) => eb.fn.coalesce('due_at', 'run_at'))
      .limit(1)
      .executeTakeFirst(),
  ]);
  const count = (state: string) => Number(counts.find((row) => row.state === state)?.n ?? 0);
  return {
    queued: count('queued') + count('failed'),
    due: Number(due.n),
    running: count('running'),
    dead: count('dead'),
    /** the oldest owed job: how long it has been owed, and what it is doing (null: nothing owed) */
    oldestOwed: oldest
      ? {
          seconds: Math.max(0, Math.round((now.getTime() - Date.parse(firstDue(oldest))) / 1000)),
          state: owedState(oldest, at),
          kind: oldest.kind,
          attempts: oldest.attempts,
        }
      : null,
  };
}

/** How many jobs of each group /admin/jobs lists. */
const LISTED = 50;

/** A job as /admin/jobs lists it: what it is, when it was owed, how it went. */
export interface ListedJob {
  id: string;
  kind: string;
  key: string;
  /** what it is about: a mail's subject and recipient, else its subject ('booking:…') or key */
  about: string;
  state: JobRow['state'];
  /** 'due', 'running', … for a job owed now; null for one not yet due or dead */
  owed: OwedState | null;
  dueAt: string;
  runAt: string;
  attempts: number;
  lastError: string | null;
}

const about = (job: JobRow) => {
  if (job.kind === 'mail') {
    const mail = JSON.parse(job.payload) as { to?: string; subject?: string };
    return `${mail.subject ?? ''} (to ${mail.to ?? '?'})`;
  }
  return job.subject ?? job.key;
};

/** The jobs themselves, for /admin/jobs: due, running, waiting to retry, waiting, dead; LISTED of each. */
export async function listJobs(db: Kysely<Database>, now = new Date()) {
  const at = now.toISOString();
  const group = (states: JobRow['state'][], when: 'due' | 'later' | 'any', newestFirst = false) => {
    let query = db.selectFrom('jobs').selectAll().where('state', 'in', states);
    if (when === 'due') query = query.where('run_at', '<=', at);
    if (when === 'later') query = query.where('run_at', '>', at);
    return query
      .orderBy(newestFirst ? 'updated_at' : 'run_at', newestFirst ? 'desc' : 'asc')
      .orderBy('id')
      .limit(LISTED)
      .execute();
  };
  const [due, running, retrying, waiting, dead] = await Promise.all([
    group(['queued', 'failed'], 'due'),
    group(['running'], 'any'),
    group(['failed'], 'later'),
    group(['queued'], 'later'),
    group(['dead'], 'any', true),
  ]);
  const listed = (rows: JobRow[], owed: boolean): ListedJob[] =>
    rows.map((job) => ({
      id: job.id,
      kind: job.kind,
      key: job.key,
      about: about(job),
      state: job.state,
      owed: owed ? owedState(job, at) : null,
      dueAt: firstDue(job),
      runAt: job.run_at,
      attempts: job.attempts,
      lastError: job.last_error,
    }));
  return {
    due: listed(due, true),
    running: listed(running, true),
    retrying: listed(retrying, true),
    waiting: listed(waiting, false),
    dead: listed(dead, false),
  };
}

/** Each sweep's last run and failure, for /admin/jobs. */
export const sweepRuns = (db: Kysely<Database>) =>
  db.selectFrom('sweeps').selectAll().orderBy('name').execute();

/**
 * The lab's timed work as /admin/jobs lists it: each kind of job with its policy and schedule, when
 * one was last done and last failed (finished jobs are kept 7 days); each sweep with its policy and
 * its last run and failure.
 */
export async function timedWork(
  db: Kysely<Database>,
  kinds: readonly AnyJobKind[],
  sweeps: readonly Sweep[],
) {
  const [finished, runs] = await Promise.all([
    kinds.length
      ? db
          .selectFrom('jobs')
          .select(['kind', 'state', (eb) => eb.fn.max('updated_at').as('at')])
          .where(
            'kind',
            'in',
            kinds.map((kind) => kind.name),
          )
          .where('state', 'in', ['done', 'failed', 'dead'])
          .groupBy(['kind', 'state'])
          .execute()
      : [],
    sweepRuns(db),
  ]);
  const latest = (kind: string, states: JobRow['state'][]) =>
    finished
      .filter((row) => row.kind === kind && states.includes(row.state))
      .map((row) => row.at)
      .sort()
      .at(-1) ?? null;
  return {
    kinds: kinds.map(({ name, title, policy, schedule }) => ({
      name,
      title,
      attempts: policy.attempts,
      retryDelays: [...policy.retryDelays],
      staleAfter: policy.staleAfter ?? null,
      staleWhen: policy.staleWhen ?? null,
      every: schedule?.every ?? null,
      lastDoneAt: latest(name, ['done']),
      lastFailedAt: latest(name, ['failed', 'dead']),
    })),
    sweeps: sweeps.map(({ name, title, policy }) => {
      const row = runs.find((run) => run.name === name);
      return {
        name,
        title,
        every: policy.every,
        lastRunAt: row?.last_run_at ?? null,
        instance: row?.instance ?? null,
        lastErrorAt: row?.last_error_at ?? null,
        lastError: row?.last_error ?? null,
      };
    }),
  };
}

/** An admin's 'Retry' on a dead job: queued again now with fresh attempts; null if it is not dead. */
export async function retryDead(db: Kysely<Database>, id: string, now = new Date()) {
  const job = await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      attempts: 0,
      run_at: now.toISOString(),
      due_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('state', '=', 'dead')
    .returning(['id', 'kind'])
    .executeTakeFirst();
  return job ?? null;
}
