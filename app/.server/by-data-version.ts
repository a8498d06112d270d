// A public answer that reads the whole community (every member and post) computed once per data
// version (app/.server/data-version.ts) instead of once per request: a version read is one row,
// so a crowd asking at once costs one read of everything. Like the render cache, which keeps
// pages, feeds and the sitemap, but for answers it cannot keep (JSON, whose CORS headers differ).
import { readDataVersion } from './data-version';

export function byDataVersion<T>(
  compute: () => Promise<T>,
  version: () => Promise<string> = readDataVersion,
): () => Promise<T> {
  let kept: { version: string; value: Promise<T> } | null = null;
  return async () => {
    const current = await version();
    if (kept?.version !== current) {
      const value = compute();
      kept = { version: current, value };
      // A failure is answered to those waiting for it, not kept for the next request.
      value.catch(() => {
        if (kept?.value === value) kept = null;
      });
    }
    return kept.value;
  };
}
