// Housekeeping and the job worker, started once by the production server (server/index.ts, through
// the build's entry module). The database's sweeps (expired API tokens, ended sessions, passed
// rate-limit windows and codes, finished jobs: retention.ts) are an hourly job keyed by the lab's
// hour, so of several instances one runs each. Each instance sweeps its own files hourly: unused
// uploads, files a killed process left without their row, crashed requests' temp files.
// Importing server code starts nothing.
import { files, sweepOrphanAssets, sweepUnreferencedFiles } from './assets';
import { bookings, reminderJobs } from './bookings';
import { db } from './db';
import { sweepStaleUploads } from './forms';
import { startWorker, stopWorker, type NewJob } from './jobs';
import { mailJobs } from './mail';
import { sweepExpiredRows } from './retention';
import { sweepExpiredTokens } from './rest/tokens';
import { labClock, labDayOf } from '~/lib/booking/time';

const HOUR_MS = 60 * 60 * 1000;

function sweepFiles() {
  sweepOrphanAssets(db)
    .then(() => sweepUnreferencedFiles(db))
    .catch((error) => console.error('Sweeping orphan uploads failed:', error));
  sweepStaleUploads();
}

/** Runs every step, one failing or not; then fails with what failed, so the job records it. */
async function eachOf(steps: Record<string, () => Promise<unknown>>) {
  const failed: string[] = [];
  for (const [name, step] of Object.entries(steps))
    await step().catch((error) => {
      console.error(`Housekeeping: ${name} failed:`, error);
      failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    });
  if (failed.length) throw new Error(failed.join('; '));
}

const handlers = {
  ...mailJobs,
  ...reminderJobs(db),
  housekeeping: () =>
    eachOf({ 'expired API tokens': sweepExpiredTokens, 'expired rows': () => sweepExpiredRows(db) }),
};

/**
 * This hour's housekeeping: keyed by the lab's hour ('housekeeping:2026-12-01T03'), so every
 * instance asks for it and one runs it. On the night the clocks go back, 01:00-02:00 comes twice
 * and is swept once.
 */
export const housekeepingJob = (now: Date): NewJob => ({
  kind: 'housekeeping',
  key: `housekeeping:${labDayOf(now)}T${labClock(now).slice(0, 2)}`,
  payload: null,
  runAt: now,
  staleAt: new Date(now.getTime() + HOUR_MS),
});

let started = false;

export function startHousekeeping() {
  if (started) return;
  started = true;
  console.log(`Uploaded files are kept in ${files.label}`);
  sweepFiles();
  setInterval(sweepFiles, HOUR_MS).unref();
  startWorker(db, handlers, {
    recurring: (now) => [housekeepingJob(now)],
    sweeps: [{ name: 'release-no-shows', run: (now) => bookings.releaseNoShows(now) }],
  });
}

/** SIGTERM: the worker stops claiming and finishes the job it runs. */
export const stopHousekeeping = stopWorker;
