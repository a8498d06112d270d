import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser';
import { baseUrl, SERVER_NAMES } from './tests/support/servers';

const FIREBASE_JOURNEYS = /(auth|password|google|firebase|delete-account|moderation)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Journeys register, sign in and upload through real forms; give a busy 2-core machine room.
  timeout: 60_000,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: baseUrl('seeded'),
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'js',
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: true },
      testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$|cluster\.spec\.ts$/,
    },
    {
      name: 'nojs',
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
      grepInvert: /@js-only/,
      testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$|cluster\.spec\.ts$/,
    },
    // Checks that run once, after both projects: what the journeys left behind (orphan files), and
    // every page kind through the HTML validator.
    { name: 'after-all', testMatch: /\.after\.spec\.ts$/, dependencies: ['js', 'nojs'] },
    // The journeys that touch the store again, on PostgreSQL with two instances behind nginx.
    {
      name: 'cluster-js',
      grep: /@store/,
      testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, baseURL: baseUrl('cluster') },
    },
    {
      name: 'cluster-nojs',
      grep: /@store/,
      grepInvert: /@js-only/,
      testIgnore: /\.after\.spec\.ts$|firebase\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, baseURL: baseUrl('cluster') },
    },
    // The /api contract over HTTP, no browser (docs/api.md).
    { name: 'api', testDir: 'tests/api', testMatch: /local\.spec\.ts$/ },
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
      grepInvert: /@js-only/,
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
      grepInvert: /@js-only/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, baseURL: baseUrl('firebase') },
    },
  ],
  webServer: SERVER_NAMES.map((name) => ({
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
