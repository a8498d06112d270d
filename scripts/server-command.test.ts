import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS, SERVER_ARGS } from './server-command';

describe('the server command', () => {
  it('is the same in `npm start` and the Dockerfile as in the tests and the bench', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(pkg.scripts.start).toBe(['node', ...SERVER_ARGS].join(' '));
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))![1];
    expect(JSON.parse(cmd)).toEqual(['node', ...SERVER_ARGS]);
  });

  it('holds only flags node also accepts in NODE_OPTIONS', () => {
    for (const flag of NODE_FLAGS)
      expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0])).toBe(true);
  });
});
