// Run by `npm run build` after `remix build` (docs/performance.md, "Cheap bytes"):
// 1. Minifies the browser's JavaScript again with terser, which leaves about 3 % fewer gzip bytes
//    than the compiler's esbuild minifier: on a form page that is the margin that keeps it under
//    the 100 KB budget. File names keep their content hashes (still one name per content). The
//    bundled licence notices move to a file beside each script, which the script names (as
//    webpack's extractComments does): every notice is kept, and no page downloads them.
// 2. Writes brotli (.br) and gzip (.gz) copies of every text file under public/, so the server
//    sends them as they are (server/static-files.ts) instead of compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { minify } from 'terser';

const PUBLIC = 'public';
const COMPRESSIBLE = /\.(js|css|svg|txt|json|xml|map)$/;

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

let before = 0;
let after = 0;
for (const file of filesUnder(path.join(PUBLIC, 'build')).filter((name) => name.endsWith('.js'))) {
  const code = fs.readFileSync(file, 'utf8');
  const result = await minify(code, { module: true, compress: { passes: 2 }, mangle: true });
  if (result.code === undefined || result.code.length >= code.length) continue;
  let minified = result.code;
  const notices = minified.lastIndexOf('/*! Bundled license information:');
  if (notices >= 0) {
    const licences = `${path.basename(file)}.LICENSE.txt`;
    fs.writeFileSync(`${file}.LICENSE.txt`, minified.slice(notices));
    minified = `${minified.slice(0, notices)}/*! Licences: ${licences} */\n`;
  }
  before += zlib.gzipSync(code, { level: 9 }).length;
  after += zlib.gzipSync(minified, { level: 9 }).length;
  fs.writeFileSync(file, minified);
}

let compressed = 0;
for (const file of filesUnder(PUBLIC).filter((name) => COMPRESSIBLE.test(name))) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue; // a packet either way
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  compressed += 1;
}
console.log(
  `Browser JavaScript ${(before / 1024).toFixed(1)} -> ${(after / 1024).toFixed(1)} KB gzip; ${compressed} files precompressed (brotli, gzip)`,
);
