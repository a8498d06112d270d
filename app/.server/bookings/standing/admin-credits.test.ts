// /admin/credits on the real store (both engines): credits made and edited, a grant to one member
// and to every member (once per form key, also when the same form arrives twice at once), an
// adjustment refused below zero, each audited, granted members mailed, and the ledger's CSV.
import crypto from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '../../db';
import { bookingsIn } from '../index';
import { csvText } from '~/lib/csv';
import { ledgerCsvRows } from '~/lib/bookings/ledger-csv';
import { newMember } from '../../../../tests/support/store-fixtures';

afterAll(() => db.destroy());

const credits = bookingsIn(db).admin.credits;
const admin = { username: 'root_admin' };
const tag = () => crypto.randomBytes(3).toString('hex');

/** A credit made through the admin's own form. */
async function newCredit(name = `Test tokens ${tag()}`, monthlyAllowance = 0) {
  const saved = await credits.save(null, { name, unit: 'token', monthlyAllowance }, admin);
  if (saved.status !== 'saved') throw new Error(JSON.stringify(saved));
  return { id: saved.id, name };
}

const lotsOf = (userId: string, creditId: string) =>
  db
    .selectFrom('credit_lots')
    .select(['id', 'amount', 'remaining', 'expires_at', 'grant_key'])
    .where('user_id', '=', userId)
    .where('credit_id', '=', creditId)
    .execute();

const auditOf = (action: string, target: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'target', 'detail'])
    .where('action', '=', action)
    .where('target', '=', target)
    .execute();

const mailTo = async (email: string) =>
  (
    await db
      .selectFrom('jobs')
      .select(['key', 'payload'])
      .where('key', 'like', 'mail:credits-granted:%')
      .execute()
  )
    .map((job) => ({
      key: job.key,
      ...(JSON.parse(job.payload) as { to: string; subject: string; text: string }),
    }))
    .filter((mail) => mail.to === email);

describe('admin credits', () => {
  test('a credit made and edited, its name unique, each audited', async () => {
    const { id, name } = await newCredit();
    expect(
      await credits.save(null, { name: name.toUpperCase(), unit: 'token', monthlyAllowance: 0 }, admin),
    ).toEqual({
      status: 'invalid',
      fieldErrors: { name: ['Another credit has this name'] },
    });
    expect(await credits.save(id, { name, unit: 'token', monthlyAllowance: 12 }, admin)).toEqual({
      status: 'saved',
      id,
    });
    expect((await credits.list()).find((credit) => credit.id === id)).toMatchObject({
      name,
      unit: 'token',
      monthlyAllowance: 12,
      outstanding: 0,
      held: 0,
    });
    expect(await auditOf('credit.create', `credit ${name}`)).toEqual([
      {
        actor: '@root_admin',
        action: 'credit.create',
        target: `credit ${name}`,
        detail: 'unit token, monthly allowance 0',
      },
    ]);
    expect((await auditOf('credit.update', `credit ${name}`))[0]?.detail).toBe('monthly allowance 0 → 12');
  });

  test('a grant to one member: a lot with its expiry, the member mailed, audited; sent again, once', async () => {
    const credit = await newCredit();
    const member = await newMember(db, 'gr');
    const expiresAt = new Date('2027-01-01T00:00:00.000Z');
    const input = {
      creditId: credit.id,
      to: { username: member.username.toUpperCase() },
      amount: 5,
      reason: 'Hackathon winner',
      expiresAt,
      key: crypto.randomUUID(),
    };
    expect(await credits.grant(input, admin)).toMatchObject({ status: 'granted', count: 1 });
    expect(await credits.grant(input, admin)).toEqual({ status: 'already' });
    expect(await lotsOf(member.id, credit.id)).toEqual([
      expect.objectContaining({ amount: 5, remaining: 5, expires_at: expiresAt.toISOString() }),
    ]);
    const mails = await mailTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You were granted 5 ${credit.name}`);
    expect(mails[0]!.text).toContain('They expire at the end of 31 December 2026.');
    expect(await auditOf('credit.grant', `@${member.username}`)).toEqual([
      {
        actor: '@root_admin',
        action: 'credit.grant',
        target: `@${member.username}`,
        detail: `5 ${credit.name}, expires 31 December 2026: Hackathon winner`,
      },
    ]);
    expect((await credits.list()).find((each) => each.id === credit.id)?.outstanding).toBe(5);
    expect(await credits.grant({ ...input, to: { username: 'nobody_here' } }, admin)).toEqual({
      status: 'no-member',
    });
  });

  test('a grant to every member sent twice at once grants once: one lot per member', async () => {
    const credit = await newCredit();
    const members = [await newMember(db, 'ea'), await newMember(db, 'eb'), await newMember(db, 'ec')];
    const everyone = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', 'in', ['member', 'admin'])
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    const input = {
      creditId: credit.id,
      to: 'all' as const,
      amount: 3,
      reason: 'Welcome',
      expiresAt: null,
      key: crypto.randomUUID(),
    };
    const outcomes = await Promise.all([credits.grant(input, admin), credits.grant(input, admin)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['already', 'granted']);
    const granted = outcomes.find((outcome) => outcome.status === 'granted') as { count: number };
    expect(granted.count).toBe(Number(everyone.n));
    for (const member of members) {
      expect(await lotsOf(member.id, credit.id)).toEqual([
        expect.objectContaining({ amount: 3, remaining: 3, expires_at: null, grant_key: input.key }),
      ]);
      expect((await mailTo(member.email)).map((mail) => mail.subject)).toEqual([
        `You were granted 3 ${credit.name}`,
      ]);
    }
    expect(await auditOf('credit.grant', `every member (${granted.count})`)).toHaveLength(1);
  });

  test('the grant to every member sent again after someone joined: already, and the newcomer is not granted', async () => {
    const credit = await newCredit();
    const input = {
      creditId: credit.id,
      to: 'all' as const,
      amount: 2,
      reason: 'Demo day',
      expiresAt: null,
      key: crypto.randomUUID(),
    };
    expect(await credits.grant(input, admin)).toMatchObject({ status: 'granted' });
    const newcomer = await newMember(db, 'late');
    expect(await credits.grant(input, admin)).toEqual({ status: 'already' });
    expect(await lotsOf(newcomer.id, credit.id)).toEqual([]);
    expect(await mailTo(newcomer.email)).toEqual([]);
  });

  test('an adjustment: either way with a reason; one below zero is refused and changes nothing', async () => {
    const credit = await newCredit();
    const member = await newMember(db, 'adj');
    const key = crypto.randomUUID();
    await credits.grant(
      {
        creditId: credit.id,
        to: { username: member.username },
        amount: 4,
        reason: 'r',
        expiresAt: null,
        key,
      },
      admin,
    );
    const [lot] = await lotsOf(member.id, credit.id);
    expect(await credits.adjust({ lotId: lot!.id, delta: -5, reason: 'Too much' }, admin)).toEqual({
      status: 'short',
      remaining: 4,
      credit: { name: credit.name, unit: 'token' },
    });
    expect((await lotsOf(member.id, credit.id))[0]!.remaining).toBe(4);
    expect(await auditOf('credit.adjust', `@${member.username}`)).toEqual([]);
    expect(await credits.adjust({ lotId: lot!.id, delta: -4, reason: 'Returned' }, 'cli')).toMatchObject({
      status: 'adjusted',
      remaining: 0,
    });
    expect(await credits.adjust({ lotId: lot!.id, delta: 2, reason: 'Goodwill' }, admin)).toMatchObject({
      status: 'adjusted',
      remaining: 2,
    });
    expect(await credits.adjust({ lotId: crypto.randomUUID(), delta: 2, reason: 'x' }, admin)).toEqual({
      status: 'not-found',
    });
    const ledger = await credits.ledger(member.username);
    expect(ledger?.lots).toEqual([expect.objectContaining({ id: lot!.id, amount: 4, remaining: 2 })]);
    expect(ledger?.entries.map((entry) => [entry.kind, entry.delta, entry.reason, entry.actor])).toEqual([
      ['adjust', 2, 'Goodwill', '@root_admin'],
      ['adjust', -4, 'Returned', 'admin CLI'],
      ['grant', 4, 'r', '@root_admin'],
    ]);
    expect(
      (await auditOf('credit.adjust', `@${member.username}`)).map((row) => [row.actor, row.detail]),
    ).toEqual([
      ['admin CLI', `-4 ${credit.name} (lot ${lot!.id}): Returned`],
      ['@root_admin', `+2 ${credit.name} (lot ${lot!.id}): Goodwill`],
    ]);
  });

  test('the ledger as CSV: BOM, CRLF, a credit named =SUM(1) stays text, a removed member named so', async () => {
    const credit = await newCredit(`=SUM(1) ${tag()}`);
    const [kept, gone] = [await newMember(db, 'csv'), await newMember(db, 'gone')];
    for (const member of [kept, gone])
      await credits.grant(
        {
          creditId: credit.id,
          to: { username: member.username },
          amount: 2,
          reason: 'CSV',
          expiresAt: null,
          key: crypto.randomUUID(),
        },
        admin,
      );
    await credits.adjust({ lotId: (await lotsOf(kept.id, credit.id))[0]!.id, delta: -1, reason: 'x' }, admin);
    await db.updateTable('credit_lots').set({ user_id: null }).where('user_id', '=', gone.id).execute();
    const text = csvText(ledgerCsvRows(await credits.ledgerRows(admin)));
    expect(
      text.startsWith(
        '\uFEFFDate (Dublin),Date (UTC),Username,Credit,Lot,Kind,Amount,Delta,Booking,Reason,Actor\r\n',
      ),
    ).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const mine = text.split('\r\n').filter((line) => line.includes(credit.name));
    expect(mine).toHaveLength(3);
    // Oldest first; the two grants may fall in one millisecond, so only one lot's order is fixed.
    const granted = mine.findIndex((line) =>
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+0[01]:00,\\d{4}-\\d\\d-\\d\\dT[\\d:]{8}Z,${kept.username},'=SUM\\(1\\) \\w+,[\\w-]{36},Granted,2,2,,CSV,root_admin$`,
      ).test(line),
    );
    const adjusted = mine.findIndex((line) => /,Adjusted,1,-1,,x,root_admin$/.test(line));
    expect(granted).not.toBe(-1);
    expect(adjusted).toBeGreaterThan(granted);
    expect(mine.filter((line) => line.includes(`,removed member,'=SUM(1)`))).toHaveLength(1);
    expect(await auditOf('credit.export', 'the credit ledger')).not.toHaveLength(0);
  });
});
