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
