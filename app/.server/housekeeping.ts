// The job worker, started once by the production server (server/index.ts, through the build's
// entry module) with the lab's timed work: the kinds of job and the sweeps listed in job-kinds.ts
// (mails, reminders, the hourly housekeeping, the release of no-shows, each instance's files).
// Importing server code starts nothing.
import { files } from './assets';
import { db } from './db';
import { JOB_KINDS, SWEEPS } from './job-kinds';
import { startWorker, stopWorker } from './jobs';

let started = false;

export function startHousekeeping() {
  if (started) return;
  started = true;
  console.log(`Uploaded files are kept in ${files.label}`);
  startWorker(db, JOB_KINDS, { sweeps: SWEEPS });
}

/** SIGTERM: the worker stops claiming and finishes the attempts and sweeps under way. */
export const stopHousekeeping = stopWorker;
