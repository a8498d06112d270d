// Static files with the brotli or gzip copy the build wrote beside them (scripts/finish-build.js):
// the browser gets the smallest copy it accepts and no request pays for compressing. Files
// without copies fall through to express.static and, for larger text, the compression middleware.
// The files of public/ are listed once at start, so a page's path goes on to Remix without a
// look on disk.
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The files under `dir` as paths from `root` with a leading slash, `skip`'s subtrees left out. */
function filesUnder(root: string, skip = new Set<string>(), dir = root, found = new Set<string>()) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const url = `/${path.relative(root, file).split(path.sep).join('/')}`;
    if (entry.isDirectory()) {
      if (!skip.has(url)) filesUnder(root, skip, file, found);
    } else found.add(url);
  }
  return found;
}

/**
 * Before express.static on `root`: a GET of a file with a copy in an encoding the request accepts
 * is answered with that copy (its type is the original's; the proxy caches per encoding).
 */
export function precompressed(root: string): RequestHandler {
  const copies = new Set([...filesUnder(root)].filter((file) => /\.(br|gz)$/.test(file)));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = (['br', 'gzip'] as const).filter((name) => copies.has(req.path + SUFFIX[name]));
    if (!available.length) return next();
    res.vary('Accept-Encoding');
    // The smallest copy the request accepts (Express parses q-values and '*'; q=0 refuses).
    const encoding = available.find((name) => req.acceptsEncodings(name) === name);
    if (!encoding) return next();
    res.type(path.extname(req.path));
    res.set('Content-Encoding', encoding);
    req.url = req.url.replace(/^[^?]*/, (pathname) => pathname + SUFFIX[encoding]);
    next();
  };
}

/**
 * express.static on `root` for the files it held at start, `skip` aside (the build's directory,
 * served under its own prefix and rewritten by `npm run dev`). Any other path goes straight on:
 * before, every page a member opened paid for a `stat` of its path in public/, 3 % of a rendered
 * page's CPU (docs/performance.md). A file put into public/ later is served after a restart.
 */
export function publicFiles(root: string, options: { maxAge: string; skip: string[] }): RequestHandler {
  const files = filesUnder(root, new Set(options.skip));
  const serve = express.static(root, { maxAge: options.maxAge });
  return (req, res, next) => {
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return files.has(file) ? serve(req, res, next) : next();
  };
}
