// Static files with the brotli or gzip copy the build wrote beside them (scripts/finish-build.js):
// the browser gets the smallest copy it accepts and no request pays for compressing. Files
// without copies fall through to express.static and, for larger text, the compression middleware.
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** Paths (from `root`, with a leading slash) that have a `.br` or `.gz` copy. */
function copiesUnder(root: string, dir = root, found = new Set<string>()): Set<string> {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) copiesUnder(root, file, found);
    else if (/\.(br|gz)$/.test(entry.name))
      found.add(`/${path.relative(root, file).split(path.sep).join('/')}`);
  }
  return found;
}

/**
 * Before express.static on `root`: a GET of a file with a copy in an encoding the request accepts
 * is answered with that copy (its type is the original's; the proxy caches per encoding).
 */
export function precompressed(root: string): RequestHandler {
  const copies = copiesUnder(root);
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
