// The admin CLI as an operator runs it: a real process on a throwaway DATA_DIR.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { freshDatabase } from '../tests/support/postgres';
import { failureLine, runAdminCommand } from './admin-commands';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'makerspace-cli-'));
// On the PostgreSQL run (vitest.postgres.config.ts) the CLI gets an empty database of its own too.
const store = process.env.DATABASE_URL ? { DATABASE_URL: await freshDatabase(process.env.DATABASE_URL) } : {};
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Every call starts a real process (tsx, migrations): allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

function admin(...args: string[]) {
  const result = spawnSync('node_modules/.bin/tsx', ['scripts/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, ...store },
    encoding: 'utf8',
  });
  const lines = result.stdout.trim().split('\n');
  return {
    code: result.status,
    last: lines[lines.length - 1],
    stdout: result.stdout,
    stderr: result.stderr.trim(),
  };
}

test('invite create, list and revoke', () => {
  const created = admin('invite', 'create', '--uses', '3', '--expires', '30', '--note', 'open evening');
  expect(created.code).toBe(0);
  expect(created.last).toMatch(/^mk-[\w-]{16}$/);
  const key = created.last;

  const listed = admin('invite', 'list');
  expect(listed.last).toBe('1 invite keys');
  expect(listed.stdout).toContain(`${key.slice(0, 7)}...`);
  expect(listed.stdout).toMatch(/0\/3\s+active/);
  expect(listed.stdout).toContain('open evening');
  expect(listed.stdout).not.toContain(key); // only the hint, never the key

  expect(admin('invite', 'revoke', key).last).toBe('revoked');
  expect(admin('invite', 'list').stdout).toMatch(/revoked/);
  const unknown = admin('invite', 'revoke', 'mk-nope');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('no such invite key, or it is already revoked');
});

test('bad commands and options fail with one line', async () => {
  // How the process fails, once; what each command says, through the same code in this process
  // (a process per case cost a second of CPU each).
  const result = admin('frobnicate', 'now');
  expect(result.code).toBe(1);
  expect(result.stderr).toBe('unknown command: frobnicate now');
  for (const [args, message] of [
    [['invite', 'create', '--uses', '0'], '--uses must be a whole number above 0'],
    [['invite', 'create', '--colour', 'red'], 'unknown option --colour'],
    [['project', 'import'], 'project import needs exactly one FILE.json'],
    [['member', 'promote', 'ghost'], 'no member ghost'],
    [['member', 'demote'], 'member demote needs exactly one USERNAME'],
    [['member', 'disable', 'ghost'], 'no member ghost'],
    [['member', 'enable'], 'member enable needs exactly one USERNAME'],
  ] as const) {
    const failure = await runAdminCommand([...args]).then(() => 'no failure', failureLine);
    expect(failure, args.join(' ')).toBe(message);
  }
});

test('project import: a malformed file changes nothing, a good one imports', () => {
  const file = path.join(dataDir, 'projects.json');
  fs.writeFileSync(
    file,
    JSON.stringify([{ slug: 'solo', name: 'Solo', members: [{ username: 'ghost', role: 'x' }] }]),
  );
  const failed = admin('project', 'import', file);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toBe('import failed: project "solo": unknown username "ghost"; nothing was imported');
  expect(admin('project', 'list').last).toBe('0 projects');

  fs.writeFileSync(file, '[{"slug": "solo", "name": "Solo", "tags": ["AI"], "featured": true}]');
  expect(admin('project', 'import', file).last).toBe('imported: 1 created, 0 updated');
  expect(admin('project', 'import', file).last).toBe('imported: 0 created, 1 updated');
  const list = admin('project', 'list');
  expect(list.last).toBe('1 projects');
  expect(list.stdout).toMatch(/solo\s+[0-9a-f]{12}\s+Solo\s+true\s+0/);
  expect(admin('member', 'list').last).toBe('0 members');
});

test('resource list and induction appoint, through the same code in this process', async () => {
  const { db } = await import('../app/.server/db');
  const { newInduction, newMember, newResource } = await import('../tests/support/store-fixtures');
  const resource = await newResource(db);
  const induction = await newInduction(db);
  const member = await newMember(db, 'cli');
  expect(await runAdminCommand(['resource', 'list'])).toMatch(
    new RegExp(`${resource.slug}\\s+Test Printer\\s+available`),
  );
  expect(await runAdminCommand(['induction', 'appoint', member.username, induction.slug])).toBe(
    `@${member.username} is now an inductor for ${induction.slug}`,
  );
  const row = await db
    .selectFrom('inductors')
    .select('appointed_by')
    .where('user_id', '=', member.id)
    .executeTakeFirst();
  expect(row).toEqual({ appointed_by: 'admin CLI' });
  for (const [args, message] of [
    [['induction', 'appoint', member.username], 'induction appoint needs USERNAME and SLUG'],
    [['induction', 'appoint', member.username, 'no-such'], 'no induction no-such'],
    [['induction', 'appoint', 'ghost', induction.slug], 'no member ghost'],
  ] as const) {
    const failure = await runAdminCommand([...args]).then(() => 'no failure', failureLine);
    expect(failure, args.join(' ')).toBe(message);
  }
});

test('strike list and waive: the same rule and schema as /admin/strikes, audited, the member mailed', async () => {
  const { db } = await import('../app/.server/db');
  const { newMember } = await import('../tests/support/store-fixtures');
  const { addStrike } = await import('../app/.server/bookings/standing/strikes');
  const member = await newMember(db, 'struck');
  const { id } = await addStrike(db, {
    userId: member.id,
    bookingId: null,
    kind: 'no-show',
    about: 'CLI Laser, Friday 4 December 2026, 10:00–11:00',
    now: new Date(),
  });
  expect(await runAdminCommand(['strike', 'list'])).toMatch(
    new RegExp(`${id}\\s+@${member.username}\\s+no-show\\s+CLI Laser, Friday 4 December 2026, 10:00–11:00`),
  );
  for (const [args, message] of [
    [['strike', 'waive', id], 'strike waive needs ID and --reason TEXT'],
    [['strike', 'waive', id, '--reason', '   '], 'Reason is required'],
    [['strike', 'waive', 'nope', '--reason', 'x'], 'Unknown strike'],
    [['strike', 'waive', id, '--reason', 'x'.repeat(301)], 'Reason must be at most 300 characters'],
  ] as const) {
    const failure = await runAdminCommand([...args]).then(() => 'no failure', failureLine);
    expect(failure, args.join(' ')).toBe(message);
  }
  expect(await runAdminCommand(['strike', 'waive', id, '--reason', 'Storm Éowyn closed the lab'])).toBe(
    `waived the strike of @${member.username}; they are e-mailed the reason`,
  );
  expect(
    await runAdminCommand(['strike', 'waive', id, '--reason', 'again']).then(() => '', failureLine),
  ).toBe('that strike is already waived or declined, or gone');
  expect(
    await db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'strike.waive')
      .where('target', 'like', `%${member.username}%`)
      .execute(),
  ).toEqual([{ actor: 'admin CLI', action: 'strike.waive', detail: 'Storm Éowyn closed the lab' }]);
  expect(
    await db.selectFrom('jobs').select('key').where('key', '=', `mail:strike-waived:${id}`).execute(),
  ).toHaveLength(1);
  expect(await runAdminCommand(['strike', 'list'])).not.toContain(id);
});

test('strike decline: only an open request, with a reason; the member mailed, audited', async () => {
  const { db } = await import('../app/.server/db');
  const { newMember } = await import('../tests/support/store-fixtures');
  const { addStrike, askToWaive } = await import('../app/.server/bookings/standing/strikes');
  const member = await newMember(db, 'declined');
  const { id } = await addStrike(db, {
    userId: member.id,
    bookingId: null,
    kind: 'late-cancel',
    about: 'CLI Mill, Friday 4 December 2026, 10:00–11:00',
    now: new Date(),
  });
  for (const [args, message] of [
    [['strike', 'decline', id], 'strike decline needs ID and --reason TEXT'],
    [['strike', 'decline', id, '--reason', ' '], 'Reason is required'],
    [['strike', 'decline', 'nope', '--reason', 'x'], 'Unknown strike'],
    // Nobody asked to waive it yet.
    [['strike', 'decline', id, '--reason', 'x'], 'that request to waive is already answered, or gone'],
  ] as const) {
    const failure = await runAdminCommand([...args]).then(() => 'no failure', failureLine);
    expect(failure, args.join(' ')).toBe(message);
  }
  await askToWaive(db, { strikeId: id, userId: member.id, reason: 'Snow' });
  expect(await runAdminCommand(['strike', 'decline', id, '--reason', 'The lab was open'])).toBe(
    `declined to waive the strike of @${member.username}; they are e-mailed the reason`,
  );
  expect(
    await db
      .selectFrom('jobs')
      .select('key')
      .where('key', '=', `mail:strike-waiver-declined:${id}`)
      .execute(),
  ).toHaveLength(1);
  expect(
    await db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('action', '=', 'strike.decline')
      .where('target', 'like', `%${member.username}%`)
      .execute(),
  ).toEqual([{ actor: 'admin CLI', action: 'strike.decline', detail: 'The lab was open' }]);
});

test('credit grant: a member, an amount and a credit by name, the schema of /admin/credits; audited, mailed', async () => {
  const { db } = await import('../app/.server/db');
  const { bookings } = await import('../app/.server/bookings');
  const { newMember } = await import('../tests/support/store-fixtures');
  const member = await newMember(db, 'granted');
  const name = `GPU tokens ${member.username.slice(-4)}`;
  await bookings.admin.credits.save(null, { name, unit: 'token', monthlyAllowance: 0 }, 'cli');
  const grant = (...args: string[]) => runAdminCommand(['credit', 'grant', ...args]);
  for (const [args, message] of [
    [[`@${member.username}`, '5', name], 'credit grant needs @USERNAME AMOUNT CREDIT and --reason TEXT'],
    [[`@${member.username}`, '5', 'Carbon grams', '--reason', 'x'], 'no credit named Carbon grams'],
    [[`@${member.username}`, '0', name, '--reason', 'x'], 'Amount must be at least 1'],
    [[`@${member.username}`, 'five', name, '--reason', 'x'], 'Amount must be a whole number'],
    [[`@${member.username}`, '5', name, '--reason', ' '], 'Reason is required'],
    [
      [`@${member.username}`, '5', name, '--reason', 'x', '--expires', '2020-01-01'],
      'That day has passed: choose today or later, or leave it empty for never',
    ],
    [['@nobody_here', '5', name, '--reason', 'x'], 'no member nobody_here'],
  ] as const) {
    const failure = await grant(...args).then(() => 'no failure', failureLine);
    expect(failure, args.join(' ')).toBe(message);
  }
  // The credit's name as one argument or as the words left before the options.
  expect(await grant(`@${member.username}`, '5', name, '--reason', 'Hackathon prize')).toBe(
    `granted 5 ${name} to @${member.username}; they are e-mailed`,
  );
  expect(await grant(member.username, '2', ...name.toLowerCase().split(' '), '--reason', 'More')).toBe(
    `granted 2 ${name} to @${member.username}; they are e-mailed`,
  );
  expect(await runAdminCommand(['credit', 'list'])).toMatch(new RegExp(`${name}\\s+token\\s+0\\s+7\\s+0`));
  expect(
    await db
      .selectFrom('audit_log')
      .select(['actor', 'target', 'detail'])
      .where('action', '=', 'credit.grant')
      .where('target', '=', `@${member.username}`)
      .orderBy('created_at')
      .execute(),
  ).toEqual([
    {
      actor: 'admin CLI',
      target: `@${member.username}`,
      detail: `5 ${name}, expires never: Hackathon prize`,
    },
    { actor: 'admin CLI', target: `@${member.username}`, detail: `2 ${name}, expires never: More` },
  ]);
  const lots = await db.selectFrom('credit_lots').select('id').where('user_id', '=', member.id).execute();
  expect(
    await db
      .selectFrom('jobs')
      .select('key')
      .where(
        'key',
        'in',
        lots.map((lot) => `mail:credits-granted:${lot.id}`),
      )
      .execute(),
  ).toHaveLength(2);
});
