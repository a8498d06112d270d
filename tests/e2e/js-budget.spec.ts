// The JavaScript budget (docs/performance.md): every page that loads scripts stays under 100 KB of
// gzip JavaScript, /login and /register the same. Measured from the build (run after it): a page
// loads the client entry, and each route of its branch (root down to the page) with the chunks the
// compiler's manifest lists for it (its static imports, from the esbuild metafile); files reached
// by import() load later, when used (zod, the upload progress). gzip level 9, as `npm run bench`.
// The manifest itself (about 2.8 KB) is left out, as the bench leaves it out.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { expect, HTTP, test } from './fixtures';

const KB = 1024;
const BUDGET = 100 * KB;
/**
 * Pages over the budget, with their bytes when last measured: they may shrink, never grow, and
 * leave this list once under. Issue 41 put three over (the touched bookings' list on the
 * induction pages; the action links, pause and waiver forms on /bookings). Issue 42's answer
 * helper (app/lib/answer.ts) added 351-507 bytes to the two induction pages; /bookings now loads
 * its strikes and settings forms on use, as /profile's editor does, and is under. Splitting the
 * induction form out made both induction pages larger (a chunk of its own costs more than it
 * saves): they need their revoke and sign-off forms loaded on use together. Issue 43 moved
 * esbuild's shared chunks: /admin/inductions now loads the induction form with conform statically
 * (+2.6 KB, over), the two induction pages grew 134-145 bytes, and /admin/credits loads conform
 * with its forms (lazy-loading them saved only 0.6 KB): all four need their forms loaded on use.
 * Issue 44's 'approvals' link in the menu (root) added 24-30 bytes to each, and put /bookings over
 * again (102,575 in the clean-clone CI of 87181ba: the waiting list's place in line and 'Leave'
 * form, and the request and offer texts, though those are computed in the loader): its waiting
 * list section needs loading on use, as its strikes and settings forms are. One list component for
 * inductors and approvers (a chunk shared by the two pages) added 304 bytes to the induction page,
 * and End early's schema messages 2-17 bytes to each of the five (measured at 86628c8). Issue
 * 45's 'Your use this month' on /bookings (its JSX; the texts come from the loader) added about
 * 115 bytes to it: 102,815 measured on 896ab1b, whose chunks had already added about 116.
 * /admin/usage (a GET form and SVG drawn by the server) stays under by taking its field errors
 * from the root's chunk (components/errors.tsx) rather than with conform: 50-65 bytes more on the
 * four pages over, measured after that move.
 */
const OVER: Record<string, number> = {
  'routes/inductions': 103_876,
  'routes/admin.inductions.$inductionId': 104_050,
  'routes/admin.inductions._index': 102_603,
  'routes/admin.credits': 103_657,
  'routes/bookings._index': 102_815,
};
const PUBLIC = path.resolve('public'); // Playwright runs from the project's root

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasComponent?: boolean;
}

function manifest() {
  const build = path.join(PUBLIC, 'build');
  const file = fs
    .readdirSync(build)
    .filter((name) => /^manifest-\w+\.js$/.test(name))
    .map((name) => path.join(build, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!file) throw new Error('no build: run `npm run build` first');
  const context = { window: {} as Record<string, unknown> };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), context);
  return context.window.__remixManifest as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
}

test('every page loads under 100 KB of gzip JavaScript', HTTP, () => {
  const { entry, routes } = manifest();
  const sizes = new Map<string, number>();
  const gzip = (url: string) =>
    sizes.get(url) ??
    sizes.set(url, zlib.gzipSync(fs.readFileSync(path.join(PUBLIC, url)), { level: 9 }).length).get(url)!;
  const pages: Record<string, number> = {};
  for (const route of Object.values(routes)) {
    // Resource routes (feeds, files, the API) render no page.
    if (!fs.readFileSync(path.join(PUBLIC, route.module), 'utf8').includes('default')) continue;
    const files = new Set([entry.module, ...entry.imports]);
    for (let branch: ManifestRoute | undefined = route; branch; branch = routes[branch.parentId ?? '']) {
      files.add(branch.module);
      for (const chunk of branch.imports ?? []) files.add(chunk);
    }
    pages[route.id] = [...files].reduce((sum, file) => sum + gzip(file), 0);
  }
  expect(Object.keys(pages).length).toBeGreaterThan(30);
  const over = Object.entries(pages)
    .filter(([id, bytes]) => bytes >= (OVER[id] ?? BUDGET - 1) + 1)
    .map(([id, bytes]) => `${id}: ${bytes} bytes`);
  expect(over, 'pages at or over 100 KB of gzip JavaScript (or over their figure in OVER)').toEqual([]);
  const under = Object.keys(OVER).filter((id) => pages[id] < BUDGET);
  expect(under, 'under the budget now: take them out of OVER').toEqual([]);
});
