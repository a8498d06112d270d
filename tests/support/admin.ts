// Runs the real admin CLI against one of the e2e servers' DATA_DIR.
import { execFileSync } from 'node:child_process';
import { currentServer, storeEnv, type ServerName } from './servers';

export function admin(server: ServerName, ...args: string[]): string {
  const out = execFileSync('node_modules/.bin/tsx', ['scripts/admin.ts', ...args], {
    env: { ...process.env, ...storeEnv(server) },
    encoding: 'utf8',
  });
  return out.trim().split('\n').pop() ?? '';
}

export const newInviteKey = (server: ServerName = currentServer(), ...options: string[]) =>
  admin(server, 'invite', 'create', ...options);
