// The data version the render cache (server/render-cache.ts) keys public pages on. With the
// embedded store it is the data_version row, which a trigger bumps in every write's transaction
// (db/migrations/006-data-version.ts), so every instance and the admin CLI share it. With API_URL
// the data lives in the backend and nothing tells us when it changes: the version is then the
// half second (with the cache's half-second re-reads, a page is at most a second old), and this
// site's own writes through the backend start a new version at once.
import { remoteWriteCount } from './store/remote-http';
import { config } from './config';
import { db } from './db';

export async function readDataVersion(): Promise<string> {
  if (config.API_URL) return `${Math.floor(Date.now() / 500)}.${remoteWriteCount()}`;
  const row = await db
    .selectFrom('data_version')
    .select(['epoch', 'version'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return `${row.epoch}.${row.version}`;
}
