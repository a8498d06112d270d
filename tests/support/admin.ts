// The real admin commands against one of the e2e servers' stores: one long-lived admin process per
// store and test worker (tests/support/admin-agent.ts), so a call costs milliseconds, not the
// second of CPU that starting `npm run admin` through tsx costs.
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { currentServer, storeEnv, type ServerName } from './servers';
import type { BookingRules } from '../../app/lib/bookings/rules';

interface Agent {
  child: ChildProcess;
  answers: AsyncIterator<string>;
  queue: Promise<unknown>;
}
const agents = new Map<ServerName, Agent>();

function agentFor(server: ServerName): Agent {
  let agent = agents.get(server);
  if (!agent) {
    // tsx as a loader in this one process: its CLI would run the script in a child of its own,
    // without file descriptor 3.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/admin-agent.ts'], {
      env: { ...process.env, ...storeEnv(server) },
      stdio: ['pipe', 'inherit', 'inherit', 'pipe'],
    });
    const lines = readline.createInterface({ input: child.stdio[3] as Readable });
    agent = { child, answers: lines[Symbol.asyncIterator](), queue: Promise.resolve() };
    // Its stdin ends with this worker, and it with it.
    child.unref();
    agents.set(server, agent);
  }
  return agent;
}

/** Everything the command printed; a failed command throws its one line. */
export function adminOutput(server: ServerName, ...args: string[]): Promise<string> {
  const agent = agentFor(server);
  const answer = agent.queue.then(async () => {
    agent.child.stdin!.write(`${JSON.stringify(args)}\n`);
    const { value, done } = await agent.answers.next();
    if (done) throw new Error(`the admin process for ${server} exited`);
    const { out, error } = JSON.parse(value) as { out?: string; error?: string };
    if (error !== undefined) throw new Error(`npm run admin -- ${args.join(' ')}: ${error}`);
    return out!.trim();
  });
  agent.queue = answer.catch(() => undefined);
  return answer;
}

/** The command's result: its last line. */
export const admin = async (server: ServerName, ...args: string[]): Promise<string> =>
  (await adminOutput(server, ...args)).split('\n').pop() ?? '';

export const newInviteKey = (server: ServerName = currentServer(), ...options: string[]) =>
  admin(server, 'invite', 'create', ...options);

const journeyKeys = new Map<ServerName, Promise<string>>();

/**
 * One many-use key per server for this worker's registrations: most journeys only need to get past
 * the invite field. Journeys about invites themselves (single use, revoked, expired, consumed or
 * not) make their own with newInviteKey.
 */
export function journeyInviteKey(server: ServerName = currentServer()) {
  let key = journeyKeys.get(server);
  if (!key) {
    key = newInviteKey(server, '--uses', '1000', '--note', 'e2e journeys');
    journeyKeys.set(server, key);
  }
  return key;
}

/** A resource made for one journey (tests/support/fixture-commands.ts): its id and slug. */
export const fixtureResource = async (
  spec: {
    name?: string;
    rules?: Partial<BookingRules>;
    induction?: string | null;
    outOfService?: string;
    /** its group of equivalent machines */
    equivalentGroup?: string;
    /** a booking is a request, after these questions */
    approval?: string[];
  } = {},
  server: ServerName = currentServer(),
) =>
  JSON.parse(await admin(server, 'fixture', 'resource', JSON.stringify(spec))) as {
    id: string;
    slug: string;
  };

/** An induction made for one journey: its id, slug and (unique) name. */
export const fixtureInduction = async (
  spec: { name?: string; validMonths?: number | null } = {},
  server: ServerName = currentServer(),
) =>
  JSON.parse(await admin(server, 'fixture', 'induction', JSON.stringify(spec))) as {
    id: string;
    slug: string;
    name: string;
  };

/** Names a member inductor for an induction, or signs them off for one (optionally expiring at an ISO instant). */
export const fixtureInductor = (username: string, induction: string, server: ServerName = currentServer()) =>
  admin(server, 'fixture', 'inductor', username, induction);
export const fixtureSignOff = (
  username: string,
  induction: string,
  expiresAt?: string,
  server: ServerName = currentServer(),
) => admin(server, 'fixture', 'sign-off', username, induction, ...(expiresAt ? [expiresAt] : []));

/** Names a member approver of a resource (by slug). */
export const fixtureApprover = (
  username: string,
  resourceSlug: string,
  server: ServerName = currentServer(),
) => admin(server, 'fixture', 'approver', username, resourceSlug);

/** A request's deadline brought to now: the site's worker expires it. */
export const fixtureRequestDue = (bookingId: string, server: ServerName = currentServer()) =>
  admin(server, 'fixture', 'request-due', bookingId);

/** An offer's end brought to now: the site's worker lapses it, and the time goes to the next in line. */
export const fixtureOfferDue = (bookingId: string, server: ServerName = currentServer()) =>
  admin(server, 'fixture', 'offer-due', bookingId);

/** A member's booking cancelled as they would cancel it (its freed time goes to the waiting list). */
export const fixtureCancel = (bookingId: string, server: ServerName = currentServer()) =>
  admin(server, 'fixture', 'cancel', bookingId);

/** A member's booking written straight into the store (no rules checked); its id. */
export const fixtureBooking = (
  username: string,
  resourceSlug: string,
  start: string,
  minutes: number,
  server: ServerName = currentServer(),
) => admin(server, 'fixture', 'book', username, resourceSlug, start, String(minutes));

/** A strike of `username`'s ('no-show' unless `kind` says 'late-cancel'), given at `at` (ISO). */
export const fixtureStrike = (
  username: string,
  at: string,
  kind: 'no-show' | 'late-cancel' = 'no-show',
  server: ServerName = currentServer(),
) => admin(server, 'fixture', 'strike', username, at, kind);

/** A dead mail job to `to` (its 5 tries failed): its id. */
export const fixtureDeadJob = (to: string, server: ServerName = currentServer()) =>
  admin(server, 'fixture', 'dead-job', to);

/**
 * A credit of its own ('GPU tokens xxxxxx'), a machine costing `perHour` of it (3 by default), a grant
 * of `grant` to `username` (expiring in `days`, or never) and, with `book`, a booking of theirs that
 * holds its cost (made by the booking code).
 */
export const fixtureCredits = async (
  username: string,
  spec: {
    perHour?: number;
    grant?: number;
    days?: number | null;
    book?: { start: string; minutes: number };
    rules?: Partial<BookingRules>;
  } = {},
  server: ServerName = currentServer(),
) =>
  JSON.parse(await admin(server, 'fixture', 'credits', username, JSON.stringify(spec))) as {
    credit: string;
    creditId: string;
    slug: string;
    resource: string;
    bookingId: string | null;
  };

/**
 * A member made in the store and signed in there, for journeys that need many members but not
 * their registration: their username, e-mail and the session cookie ('name=value') to send.
 */
export const fixtureMember = async (prefix = 'fixture', server: ServerName = currentServer()) =>
  JSON.parse(await admin(server, 'fixture', 'member', prefix)) as {
    id: string;
    username: string;
    email: string;
    cookie: string;
  };
