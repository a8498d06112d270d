// Housekeeping, started once by the production server (server/index.ts, through the build's entry
// module) at start-up and then hourly: unused uploads, files a killed process left without their
// row, crashed requests' temp files, expired API tokens, ended sessions, passed rate-limit windows and
// expired codes (retention.ts). Importing server code starts nothing.
import { files, sweepOrphanAssets, sweepUnreferencedFiles } from './assets';
import { db } from './db';
import { sweepStaleUploads } from './forms';
import { sweepExpiredRows } from './retention';
import { sweepExpiredTokens } from './rest/tokens';

const HOUR_MS = 60 * 60 * 1000;

function sweep() {
  sweepOrphanAssets(db)
    .then(() => sweepUnreferencedFiles(db))
    .catch((error) => console.error('Sweeping orphan uploads failed:', error));
  sweepStaleUploads();
  sweepExpiredTokens().catch((error) => console.error('Sweeping expired API tokens failed:', error));
  sweepExpiredRows(db).catch((error) =>
    console.error('Sweeping ended sessions, limits and codes failed:', error),
  );
}

let started = false;

export function startHousekeeping() {
  if (started) return;
  started = true;
  console.log(`Uploaded files are kept in ${files.label}`);
  sweep();
  setInterval(sweep, HOUR_MS).unref();
}
