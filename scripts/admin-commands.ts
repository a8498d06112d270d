// The admin CLI's commands (scripts/admin.ts), apart from the process that runs them, so the
// end-to-end tests can keep one running per store instead of starting the CLI for every call.
import crypto from 'node:crypto';
import { db } from '../app/.server/db';
import { createInvite, listInvites, revokeInvite } from '../app/.server/store/invites';
import { importProjectsFile, ImportError } from '../app/.server/store/project-import';
import { listProjects } from '../app/.server/store/projects';
import { memberSummaries } from '../app/.server/store/members';
import { setRole } from '../app/.server/admin/roles';
import { setSignInDisabled } from '../app/.server/admin/moderation';
import { backup, copyTo, restore } from '../app/.server/backup';
import { checkFiles, files, sweepUnreferencedFiles } from '../app/.server/assets';
import { bookings } from '../app/.server/bookings';
import {
  CreditGrantSchema,
  grantExpiry,
  StrikeDeclineSchema,
  StrikeWaiveSchema,
} from '../app/lib/bookings/schemas';

export const USAGE = `usage: npm run admin -- <command>
  invite create [--uses N] [--expires DAYS] [--note TEXT]
  invite list
  invite revoke KEY
  project import FILE.json
  project list
  member list
  resource list             the lab's resources: slug, name, status, induction
  strike list               members' strikes that count, not yet waived or declined, asked ones first
  strike waive ID --reason TEXT
                            waives one (audited; the member is e-mailed the reason)
  strike decline ID --reason TEXT
                            declines a member's request to waive one (audited; e-mailed too)
  credit list               the credits: allowance, outstanding, held by bookings
  credit grant @USERNAME AMOUNT CREDIT --reason TEXT [--expires YYYY-MM-DD]
                            grants AMOUNT of CREDIT (its name, 'GPU tokens') to a member; they
                            never expire unless --expires (audited; the member is e-mailed)
  induction appoint USERNAME SLUG
                            names a member inductor for an induction (/admin/inductions does more)
  member promote USERNAME   gives the admin role (the /admin pages)
  member demote USERNAME    takes it back
  member disable USERNAME   stops them signing in (ends their sessions)
  member enable USERNAME    lets them sign in again
  backup FILE             one archive of the database (a consistent snapshot) and every file
  restore FILE            into this site, which must be empty
  db copy --to URL        copies every row into another database (postgres://... or a SQLite file);
                          safe to run again; counts are checked
  db copy --assets-to s3://BUCKET
                          copies every file into a bucket (endpoint and keys from S3_*); with
                          --to as well, both in one run
  files check             rows against stored files: missing files, folders without a row
  files sweep [--min-age MINUTES]
                          removes folders without a row written at least MINUTES ago (default 60;
                          0 only when no write is in flight, e.g. after a crash with the site stopped)`;

export class UsageError extends Error {}

/** `--name value` pairs; any name not in `allowed` is a usage error. */
function options(args: string[], allowed: string[]) {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    if (!name.startsWith('--') || args[i + 1] === undefined)
      throw new UsageError(`unexpected argument ${name}`);
    if (!allowed.includes(name.slice(2))) throw new UsageError(`unknown option ${name}`);
    values[name.slice(2)] = args[i + 1];
  }
  return values;
}

function positiveInt(value: string | undefined, name: string) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${name} must be a whole number above 0`);
  return Number(value);
}

const lines = (...parts: string[]) => parts.join('\n');

function table(rows: Record<string, unknown>[]) {
  if (!rows.length) return '(none)';
  const keys = Object.keys(rows[0]);
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => String(row[key]).length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(keys), ...rows.map((row) => line(keys.map((key) => String(row[key]))))].join('\n');
}

/** Runs one command: what it prints, its result (the CLI's last line) last. */
export async function runAdminCommand(argv: string[]): Promise<string> {
  const [group, command, ...rest] = argv;
  if (group === 'backup' || group === 'restore') {
    if (argv.length !== 2) throw new UsageError(`${group} needs exactly one FILE`);
    return group === 'backup' ? backup(command) : restore(command);
  }
  switch (`${group} ${command}`) {
    case 'invite create': {
      const opts = options(rest, ['uses', 'expires', 'note']);
      return createInvite(
        db,
        {
          uses: positiveInt(opts.uses, 'uses'),
          expiresInDays: positiveInt(opts.expires, 'expires'),
          note: opts.note,
        },
        'cli',
      );
    }
    case 'invite list': {
      const invites = await listInvites(db);
      return lines(
        table(
          invites.map((invite) => ({
            hint: invite.hint,
            uses: `${invite.maxUses - invite.usesLeft}/${invite.maxUses}`,
            state: invite.status,
            expires: invite.expires ?? 'never',
            note: invite.note,
            registered: invite.registered.join(' '),
          })),
        ),
        `${invites.length} invite keys`,
      );
    }
    case 'invite revoke': {
      if (rest.length !== 1) throw new UsageError('invite revoke needs exactly one KEY');
      if (!(await revokeInvite(db, { key: rest[0] }, 'cli')))
        throw new UsageError('no such invite key, or it is already revoked');
      return 'revoked';
    }
    case 'member promote':
    case 'member demote': {
      if (rest.length !== 1) throw new UsageError(`member ${command} needs exactly one USERNAME`);
      const role = command === 'promote' ? 'admin' : 'member';
      const result = await setRole(db, rest[0], role, 'cli');
      if (result === 'unknown') throw new UsageError(`no member ${rest[0]}`);
      return result === 'unchanged'
        ? `@${rest[0]} is already ${role === 'admin' ? 'an admin' : 'a member'}`
        : `@${rest[0]} is now ${role === 'admin' ? 'an admin' : 'a member'}`;
    }
    case 'member disable':
    case 'member enable': {
      if (rest.length !== 1) throw new UsageError(`member ${command} needs exactly one USERNAME`);
      const result = await setSignInDisabled(db, rest[0], command === 'disable', 'cli');
      if (result === 'unknown') throw new UsageError(`no member ${rest[0]}`);
      const state = command === 'disable' ? 'disabled' : 'enabled';
      return result === 'unchanged'
        ? `@${rest[0]}'s sign-in is already ${state}`
        : `@${rest[0]}'s sign-in is now ${state}`;
    }
    case 'project import': {
      if (rest.length !== 1) throw new UsageError('project import needs exactly one FILE.json');
      const { created, updated } = await importProjectsFile(db, rest[0]);
      return `imported: ${created} created, ${updated} updated`;
    }
    case 'project list': {
      const projects = await listProjects(db);
      return lines(
        table(
          projects.map((p) => ({
            slug: p.slug,
            id: p.id,
            name: p.name,
            featured: p.featured,
            team: p.members.length,
          })),
        ),
        `${projects.length} projects`,
      );
    }
    case 'db copy': {
      const opts = options(rest, ['to', 'assets-to']);
      if (!opts.to && !opts['assets-to'])
        throw new UsageError('db copy needs --to URL or --assets-to s3://BUCKET');
      return copyTo({ to: opts.to, assetsTo: opts['assets-to'] });
    }
    case 'files check': {
      const report = await checkFiles(db);
      const line = `${files.label}: ${report.rows} assets, ${report.missing.length} missing files, ${report.unreferenced.length} folders without a row`;
      if (report.missing.length)
        throw new Error(`${line} (missing: ${report.missing.slice(0, 5).join(', ')})`);
      return line;
    }
    case 'files sweep': {
      const opts = options(rest, ['min-age']);
      const minAge = opts['min-age'] ?? '60';
      if (!/^\d+$/.test(minAge)) throw new UsageError('--min-age must be whole minutes');
      return `removed ${await sweepUnreferencedFiles(db, Number(minAge) * 60_000)} folders without a row`;
    }
    case 'resource list': {
      const resources = await bookings.resources.list();
      return lines(
        table(
          resources.map((resource) => ({
            slug: resource.slug,
            name: resource.name,
            status: resource.status === 'out_of_service' ? 'out of service' : 'available',
            induction: resource.induction?.slug ?? '-',
          })),
        ),
        `${resources.length} resources`,
      );
    }
    case 'strike list': {
      const strikes = await bookings.strikes.toWaive();
      return lines(
        table(
          strikes.map((strike) => ({
            id: strike.id,
            member: `@${strike.member.username}`,
            kind: strike.kind,
            about: strike.about,
            asked: strike.waiveAskedAt ? strike.waiveRequest : '-',
          })),
        ),
        `${strikes.length} strikes`,
      );
    }
    case 'strike waive': {
      const [id, ...more] = rest;
      const opts = options(more, ['reason']);
      if (!id || opts.reason === undefined) throw new UsageError('strike waive needs ID and --reason TEXT');
      // The schema of /admin/strikes: the same texts for the same mistakes.
      const parsed = StrikeWaiveSchema.safeParse({ intent: 'waive', strike: id, reason: opts.reason });
      if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
      const waived = await bookings.strikes.waive(
        { strikeId: parsed.data.strike, reason: parsed.data.reason },
        'cli',
      );
      if (!waived) throw new UsageError('that strike is already waived or declined, or gone');
      return `waived the strike of @${waived.username}; they are e-mailed the reason`;
    }
    case 'strike decline': {
      const [id, ...more] = rest;
      const opts = options(more, ['reason']);
      if (!id || opts.reason === undefined) throw new UsageError('strike decline needs ID and --reason TEXT');
      const parsed = StrikeDeclineSchema.safeParse({ intent: 'decline', strike: id, reason: opts.reason });
      if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
      const declined = await bookings.strikes.decline(
        { strikeId: parsed.data.strike, reason: parsed.data.reason },
        'cli',
      );
      if (!declined) throw new UsageError('that request to waive is already answered, or gone');
      return `declined to waive the strike of @${declined.username}; they are e-mailed the reason`;
    }
    case 'credit list': {
      const credits = await bookings.admin.credits.list();
      return lines(
        table(
          credits.map((credit) => ({
            name: credit.name,
            unit: credit.unit,
            allowance: credit.monthlyAllowance,
            outstanding: credit.outstanding,
            held: credit.held,
          })),
        ),
        `${credits.length} credits`,
      );
    }
    case 'credit grant': {
      const first = rest.findIndex((arg) => arg.startsWith('--'));
      const [member, amount, ...name] = first < 0 ? rest : rest.slice(0, first);
      const opts = options(first < 0 ? [] : rest.slice(first), ['reason', 'expires']);
      if (!member || !amount || !name.length || opts.reason === undefined)
        throw new UsageError('credit grant needs @USERNAME AMOUNT CREDIT and --reason TEXT');
      const credit = (await bookings.admin.credits.list()).find(
        (each) => each.name.toLowerCase() === name.join(' ').toLowerCase(),
      );
      if (!credit) throw new UsageError(`no credit named ${name.join(' ')}`);
      // The schema of /admin/credits: the same texts for the same mistakes.
      const parsed = CreditGrantSchema.safeParse({
        username: member.replace(/^@/, ''),
        credit: credit.id,
        amount: /^-?\d+$/.test(amount) ? Number(amount) : Number.NaN,
        reason: opts.reason,
        expires: opts.expires,
        key: crypto.randomUUID(),
      });
      if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
      const { username, reason, expires, key } = parsed.data;
      const outcome = await bookings.admin.credits.grant(
        {
          creditId: credit.id,
          to: { username },
          amount: parsed.data.amount,
          reason,
          expiresAt: grantExpiry(expires),
          key,
        },
        'cli',
      );
      if (outcome.status === 'no-member') throw new UsageError(`no member ${username}`);
      if (outcome.status !== 'granted') throw new UsageError('nothing was granted');
      return `granted ${parsed.data.amount} ${credit.name} to @${username}; they are e-mailed`;
    }
    case 'induction appoint': {
      if (rest.length !== 2) throw new UsageError('induction appoint needs USERNAME and SLUG');
      const [username, slug] = rest as [string, string];
      const induction = (await bookings.admin.inductions.list()).find((each) => each.slug === slug);
      if (!induction) throw new UsageError(`no induction ${slug}`);
      const userId = await bookings.inductions.memberIdByUsername(username);
      if (!userId) throw new UsageError(`no member ${username}`);
      await bookings.admin.inductions.setInductor('cli', {
        inductionId: induction.id,
        userId,
        appoint: true,
      });
      return `@${username} is now an inductor for ${slug}`;
    }
    case 'member list': {
      const members = await memberSummaries(db);
      return lines(table(members), `${members.length} members`);
    }
    default:
      throw new UsageError(group ? `unknown command: ${argv.join(' ')}` : 'no command given');
  }
}

/** The one line a failed command prints on stderr. */
export function failureLine(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  if (error instanceof ImportError) return `import failed: ${error.message}; nothing was imported`;
  return `failed: ${(error as Error).message}`;
}
