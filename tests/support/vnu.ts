// The Nu HTML Checker (vnu-jar, run by Java) over files written for it: one JVM start for many.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Collects documents into a temporary folder, then reports every error in them by their label. */
export function vnuBatch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  const labels = new Map<string, string>();
  return {
    get size() {
      return labels.size;
    },
    /** `ext` 'svg' checks an SVG image (vnu's --also-check-svg). */
    add(label: string, content: string, ext: 'html' | 'svg' = 'html') {
      const file = path.join(dir, `${labels.size}.${ext}`);
      fs.writeFileSync(file, content);
      labels.set(file, label);
    },
    /** Every error as 'label:line message'; the folder is removed. */
    errors(): string[] {
      const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
      const vnu = spawnSync(
        'java',
        ['-jar', jar, '--errors-only', '--also-check-svg', '--format', 'json', '--exit-zero-always', dir],
        { encoding: 'utf8' },
      );
      fs.rmSync(dir, { recursive: true, force: true });
      // vnu writes its JSON report to stderr.
      const report = JSON.parse(vnu.stderr) as {
        messages: { url: string; message: string; lastLine?: number }[];
      };
      return report.messages.map(
        (m) => `${labels.get(m.url.replace('file:', '')) ?? m.url}:${m.lastLine ?? '?'} ${m.message}`,
      );
    },
  };
}
