// Run before the end-to-end tests (npm run test:e2e): finds what they need outside npm, gets it
// where it can, or stops at once with one line saying what to install.
//   - a Chromium: Debian's /usr/bin/chromium, or Playwright's own browser;
//   - Java, for the Nu HTML Checker (vnu-jar) that validates every page kind;
//   - PostgreSQL's server programs and nginx, for the cluster-js project.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './browser';
import { nginxBinary } from './cluster';
import { hasPostgres } from './postgres';

const hasChromium = () =>
  Boolean(chromiumLaunchOptions.executablePath) || fs.existsSync(chromium.executablePath());
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

if (!hasChromium()) {
  console.log('No Chromium found: trying to get one...');
  if (isRoot && run('apt-get', ['--version'])) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  }
  if (!fs.existsSync('/usr/bin/chromium')) run('npx', ['playwright', 'install', 'chromium']);
  if (!fs.existsSync('/usr/bin/chromium') && !fs.existsSync(chromium.executablePath()))
    stop(
      'No Chromium for the end-to-end tests: install Debian\'s "chromium" package or run `npx playwright install chromium`.',
    );
}

if (!hasPostgres()) {
  if (isRoot && run('apt-get', ['--version'])) {
    console.log("No PostgreSQL found: installing Debian's postgresql...");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'postgresql']);
  }
  if (!hasPostgres())
    stop(
      'No PostgreSQL for the cluster-js project: install Debian\'s "postgresql" package (initdb, pg_ctl).',
    );
}

if (!run(nginxBinary, ['-v'])) {
  if (isRoot && run('apt-get', ['--version'])) {
    console.log("No nginx found: installing Debian's nginx-light...");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'nginx-light']);
  }
  if (!run(nginxBinary, ['-v']))
    stop('No nginx for the cluster-js project: install Debian\'s "nginx-light" package.');
}

try {
  execFileSync('java', ['-version'], { stdio: 'ignore' });
} catch {
  stop(
    'No Java for the HTML validator (vnu-jar): install a Java runtime 11 or later (Debian: default-jre-headless).',
  );
}
