// Runs the real admin CLI against one of the e2e servers' DATA_DIR.
import { execFileSync } from 'node:child_process';
import { currentServer, storeEnv, type ServerName } from './servers';

/** Everything the command printed. */
export function adminOutput(server: ServerName, ...args: string[]): string {
  return execFileSync('node_modules/.bin/tsx', ['scripts/admin.ts', ...args], {
    env: { ...process.env, ...storeEnv(server) },
    encoding: 'utf8',
  }).trim();
}

/** The command's result: its last line. */
export const admin = (server: ServerName, ...args: string[]): string =>
  adminOutput(server, ...args)
    .split('\n')
    .pop() ?? '';

export const newInviteKey = (server: ServerName = currentServer(), ...options: string[]) =>
  admin(server, 'invite', 'create', ...options);

const journeyKeys = new Map<ServerName, string>();

/**
 * One many-use key per server for this worker's registrations: a CLI run costs two seconds of CPU,
 * and most journeys only need to get past the invite field. Journeys about invites themselves
 * (single use, revoked, expired, consumed or not) make their own with newInviteKey.
 */
export function journeyInviteKey(server: ServerName = currentServer()) {
  let key = journeyKeys.get(server);
  if (!key) {
    key = newInviteKey(server, '--uses', '1000', '--note', 'e2e journeys');
    journeyKeys.set(server, key);
  }
  return key;
}
