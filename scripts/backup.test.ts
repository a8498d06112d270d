// The demo seed, backup, restore and db copy as an operator runs them: real CLI processes on
// throwaway stores.
// On the PostgreSQL run (vitest.postgres.config.ts) the source site and the copies use fresh
// PostgreSQL databases, and the archive is also restored into SQLite: the format is engine-neutral.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { freshDatabase } from '../tests/support/postgres';
import { startS3 } from '../tests/support/s3';
import { adminAsync } from '../tests/support/scripts';

vi.setConfig({ testTimeout: 120_000 });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const pgUrl = process.env.DATABASE_URL;
/** A fresh store: its own DATA_DIR and, on the PostgreSQL run unless `sqlite`, its own database. */
async function store(name: string, sqlite = false) {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (pgUrl && !sqlite)
    Object.assign(env, { DATABASE_URL: await freshDatabase(pgUrl), SESSION_SECRET: 'x'.repeat(32) });
  else env.DATABASE_URL = '';
  return env;
}

function cli(env: Record<string, string>, script: string, ...args: string[]) {
  const result = spawnSync('node_modules/.bin/tsx', [script, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return {
    code: result.status,
    stdout: result.stdout,
    last: result.stdout.trim().split('\n').pop() ?? '',
    stderr: result.stderr.trim(),
  };
}
const admin = (env: Record<string, string>, ...args: string[]) => cli(env, 'scripts/admin.ts', ...args);
const files = (env: Record<string, string>) =>
  fs.existsSync(path.join(env.DATA_DIR, 'assets'))
    ? fs.readdirSync(path.join(env.DATA_DIR, 'assets'), { recursive: true }).length
    : 0;

/** One seeded store (on PORT 4123) for the tests that read it; a seed run costs 10 s of CPU. */
let seeded: Promise<{ env: Record<string, string>; stdout: string }> | undefined;
function seededStore() {
  seeded ??= store('source').then((env) => {
    const run = cli({ ...env, PORT: '4123', PUBLIC_URL: '' }, 'scripts/seed-demo.ts');
    expect(run.code, run.stderr).toBe(0);
    return { env, stdout: run.stdout };
  });
  return seeded;
}

test('the demo seed says where the site runs and who to be; its bookings are reminded, once', async () => {
  const { env, stdout } = await seededStore();
  const lines = stdout.trim().split('\n');
  const ready = lines.find((line) => line.startsWith('demo data ready'))!;
  const [, bookings, reminders] = /(\d+) upcoming bookings \((\d+) reminders queued\)$/.exec(ready)!;
  // 24 hours and 1 hour before each, less the ones already past for the soonest bookings.
  expect(Number(reminders)).toBeGreaterThan(Number(bookings));
  expect(Number(reminders)).toBeLessThanOrEqual(2 * Number(bookings));
  expect(lines).toContain(
    `Filled DATA_DIR ${env.DATA_DIR}${pgUrl ? ' and the PostgreSQL database in DATABASE_URL' : ''}.`,
  );
  expect(stdout).toContain('The site on it: http://localhost:4123 (');
  expect(stdout).toContain('ask http://localhost:4123/set-password');
  expect(stdout).toMatch(/^ {2}a member: {3}kofi_mensah \(kofi\.mensah@demo\.makerspace\.ie\)$/m);
  expect(stdout).toMatch(/^ {2}the admin: {2}aoife_byrne .*npm run admin -- member promote aoife_byrne$/m);
  expect(stdout).toContain(
    '  inductors:  tomas_kelly (CNC induction); grace_adeyemi (Wetlab biosafety); orla_brennan (Laser cutter induction)',
  );
  // The command it prints works on that store.
  expect(admin(env, 'member', 'promote', 'aoife_byrne').code).toBe(0);
  // Again with PUBLIC_URL: that is the address; the demo bookings are replaced, their reminders too.
  const again = cli({ ...env, PUBLIC_URL: 'https://lab.example.ie' }, 'scripts/seed-demo.ts');
  expect(again.code, again.stderr).toBe(0);
  const [, rebooked, reminded] = /(\d+) upcoming bookings \((\d+) reminders queued\)/.exec(again.stdout)!;
  // The same calendar (less a slot whose notice ran out between the runs), not twice the reminders.
  expect(Number(rebooked)).toBeGreaterThan(Number(bookings) - 3);
  expect(Number(reminded)).toBeGreaterThan(Number(rebooked));
  expect(Number(reminded)).toBeLessThanOrEqual(Number(reminders));
  expect(again.stdout).toContain('The site on it: https://lab.example.ie (');
});

test('a backup taken while invites are being made restores into an empty site, on either engine', async () => {
  const { env: source } = await seededStore();
  const members = admin(source, 'member', 'list');
  // Writes while the backup runs: the archive holds a consistent snapshot of them.
  const writers = Array.from({ length: 6 }, () =>
    spawn('node_modules/.bin/tsx', ['scripts/admin.ts', 'invite', 'create'], {
      env: { ...process.env, ...source },
    }),
  );
  const archive = path.join(root, 'site.tar.gz');
  const made = admin(source, 'backup', archive);
  await Promise.all(writers.map((writer) => new Promise((resolve) => writer.on('exit', resolve))));
  expect(made.code).toBe(0);
  expect(made.last).toMatch(/^backup written: .* \(13 members, 27 posts, 8 projects, \d+ files\)$/);

  // On the PostgreSQL run into PostgreSQL and into SQLite; on the SQLite run those are the same.
  const targets = pgUrl
    ? [await store('restored'), await store('restored-sqlite', true)]
    : [await store('restored')];
  for (const target of targets) {
    const restored = admin(target, 'restore', archive);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.last).toMatch(/^restored: 13 members, 27 posts, 8 projects/);
    expect(admin(target, 'member', 'list').last).toBe(members.last);
    expect(files(target)).toBe(files(source));
    const listed = admin(target, 'invite', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const invites = Number(/^(\d+)/.exec(listed.last)![1]);
    expect(invites).toBeGreaterThanOrEqual(0);
    expect(invites).toBeLessThanOrEqual(6);
    // Into a site that is not empty: one line, nothing changed.
    const again = admin(target, 'restore', archive);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('failed: this site is not empty: restore into a fresh DATA_DIR (and database)');
  }
  const broken = path.join(root, 'broken.tar.gz');
  fs.writeFileSync(broken, 'not an archive');
  const refused = admin(await store('empty'), 'restore', broken);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^failed: not a backup archive/);
});

test('db copy moves every row to another store, safe to run again', async () => {
  const { env: source } = await seededStore();
  const target = pgUrl ? await freshDatabase(pgUrl) : path.join(root, 'copy-target.sqlite');
  for (let run = 0; run < 2; run++) {
    const copied = admin(source, 'db', 'copy', '--to', target);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.last).toMatch(
      /^copied to (PostgreSQL|SQLite): 13 members, 27 posts, 8 projects, \d+ files; counts checked$/,
    );
  }
  const there = { DATA_DIR: source.DATA_DIR, DATABASE_URL: target, SESSION_SECRET: 'x'.repeat(32) };
  const listed = admin(there, 'member', 'list');
  expect(listed.stderr).toBe('');
  expect(listed.last).toBe('13 members');
  expect(admin(source, 'db', 'copy').stderr).toBe('db copy needs --to URL or --assets-to s3://BUCKET');
});

test('db copy --assets-to moves the files into a bucket; a backup of that site restores onto disk', async () => {
  const s3 = await startS3(path.join(root, 's3'), ['files']);
  try {
    const { env: source } = await seededStore();
    for (let run = 0; run < 2; run++) {
      const copied = await adminAsync(
        { ...source, ...s3.env('files'), S3_BUCKET: '' },
        'db',
        'copy',
        '--assets-to',
        's3://files',
      );
      expect(copied.code, copied.stderr).toBe(0);
      expect(copied.last).toMatch(/^copied files to s3:\/\/files: \d+ files; counts checked$/);
    }
    // The same rows, now with the bucket as the file store: nothing missing, nothing extra.
    const onBucket = { ...source, ...s3.env('files') };
    const checked = await adminAsync(onBucket, 'files', 'check');
    expect(checked.last).toMatch(/^s3:\/\/files: (\d+) assets, 0 missing files, 0 folders without a row$/);
    const archive = path.join(root, 'from-bucket.tar.gz');
    expect((await adminAsync(onBucket, 'backup', archive)).code).toBe(0);
    const target = await store('from-bucket');
    expect((await adminAsync(target, 'restore', archive)).last).toMatch(/^restored: 13 members, 27 posts/);
    expect(files(target)).toBe(files(source));

    expect((await adminAsync(source, 'db', 'copy', '--assets-to', 'files')).stderr).toBe(
      'failed: --assets-to must name a bucket: s3://bucket',
    );
  } finally {
    await s3.stop();
  }
});
