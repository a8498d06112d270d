import { defineConfig, devices, type Project } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser';
import { baseUrl, serversFor, type ServerName } from './tests/support/servers';

/** The webServers a project's tests call (the firebase and remote servers start in firebase-setup). */
const uses = (...servers: ServerName[]) => ({ metadata: { servers } });
const SITE = uses('seeded', 'empty', 'broken', 'nomail');

const FIREBASE_JOURNEYS = /(auth|password|google|firebase|delete-account|moderation)\.spec\.ts$/;

// Tests tagged @http use no browser (fixtures.ts HTTP): the nojs projects leave them to js.
const projects: Project[] = [
  {
    name: 'js',
    ...SITE,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: true },
    testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$|cluster\.spec\.ts$/,
  },
  {
    name: 'nojs',
    ...SITE,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    grepInvert: /@js-only|@http/,
    testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$|cluster\.spec\.ts$/,
  },
  // Checks that run once, after both projects: what the journeys left behind (orphan files), and
  // every page kind through the HTML validator.
  { name: 'after-all', ...SITE, testMatch: /\.after\.spec\.ts$/, dependencies: ['js', 'nojs'] },
  // The journeys that touch the store again, on PostgreSQL with two instances behind nginx. With
  // JavaScript only: with it off the same loaders and actions answer document requests instead of
  // data requests, which the store does not see, and those journeys run without it on SQLite.
  {
    name: 'cluster-js',
    ...uses('cluster'),
    grep: /@store/,
    testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$/,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, baseURL: baseUrl('cluster') },
  },
  // The /api contract over HTTP, no browser (docs/api.md).
  { name: 'api', ...uses('seeded'), testDir: 'tests/api', testMatch: /local\.spec\.ts$/ },
  // A server of the test's own, whose memory it measures under slow readers.
  { name: 'server', testDir: 'tests/api', testMatch: /slow-readers\.spec\.ts$/ },
  // Two instances on PostgreSQL and S3 behind nginx, started by the test itself: it kills them.
  { name: 'cluster-faults', testDir: 'tests/cluster', testMatch: /faults\.spec\.ts$/ },
  // The account journeys again with IDENTITY_PROVIDER=firebase on the real Auth emulator.
  {
    name: 'firebase-setup',
    testDir: 'tests/firebase',
    testMatch: /emulator\.setup\.ts$/,
    teardown: 'firebase-teardown',
  },
  { name: 'firebase-teardown', testDir: 'tests/firebase', testMatch: /emulator\.teardown\.ts$/ },
  {
    name: 'firebase-js',
    testMatch: FIREBASE_JOURNEYS,
    dependencies: ['firebase-setup'],
    grep: /@identity/,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, baseURL: baseUrl('firebase') },
  },
  {
    name: 'api-firebase',
    testDir: 'tests/api',
    testMatch: /firebase\.spec\.ts$/,
    dependencies: ['firebase-setup'],
    use: { baseURL: baseUrl('firebase') },
  },
  // Site B (API_URL = the firebase server's /api) in front of it, JavaScript on and off; then the
  // backend outage, alone, since it takes the backend away from every page of B.
  {
    name: 'api-js',
    testDir: 'tests/remote',
    testMatch: /remote\.spec\.ts$/,
    dependencies: ['firebase-setup'],
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, baseURL: baseUrl('remote') },
  },
  {
    name: 'api-nojs',
    testDir: 'tests/remote',
    testMatch: /remote\.spec\.ts$/,
    dependencies: ['firebase-setup'],
    grepInvert: /@js-only|@http/,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, baseURL: baseUrl('remote') },
  },
  {
    name: 'api-outage',
    testDir: 'tests/remote',
    testMatch: /outage\.spec\.ts$/,
    dependencies: ['api-js', 'api-nojs'],
    use: { ...devices['Desktop Chrome'], baseURL: baseUrl('remote') },
  },
  // Without JavaScript, the Firebase-only checks: the account journeys call Firebase from the
  // server either way, and run both ways in js and nojs.
  {
    name: 'firebase-nojs',
    testMatch: /firebase\.spec\.ts$/,
    dependencies: ['firebase-setup'],
    grep: /@identity/,
    grepInvert: /@js-only|@http/,
    use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, baseURL: baseUrl('firebase') },
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Journeys register, sign in and upload through real forms; give a busy 2-core machine room.
  timeout: 60_000,
  workers: 2,
  // The timings reporter prints where the run's time went, per project (docs/testing.md).
  reporter: [
    ['list'],
    ['./tests/support/timings-reporter.ts'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL: baseUrl('seeded'),
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects,
  // Only the servers the chosen projects use: `--project js --project nojs` starts no cluster.
  webServer: serversFor(projects, process.argv).map((name) => ({
    command: `node_modules/.bin/tsx tests/support/start-server.ts ${name}`,
    url: `${baseUrl(name)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, so start-server.ts stops what it started (nginx, PostgreSQL) and removes its folders.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    // The broken store logs every failed query on purpose: keep that out of the report.
    stderr: name === 'broken' || name === 'nomail' ? 'ignore' : 'pipe',
  })),
});
