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

describe("the image's Node", () => {
  const lock = JSON.parse(fs.readFileSync('tests/container/node/package-lock.json', 'utf8'));
  const pinned = Object.entries(lock.packages as Record<string, { version?: string }>)
    .filter(([name]) => name.startsWith('node_modules/node-'))
    .map(([, entry]) => Number(entry.version!.split('.')[0]));
  const images = [...fs.readFileSync('Dockerfile', 'utf8').matchAll(/^FROM node:(\d+)-slim\b/gm)];
  const major = Number(images[0][1]);

  it('is the major the container check runs on, in every stage', () => {
    expect(images.map((image) => Number(image[1]))).toEqual([major, major]);
    expect(pinned.length).toBeGreaterThan(0);
    expect(new Set(pinned)).toEqual(new Set([major]));
  });

  it('is one `engines` admits, beside the Node 20 of the development machines', () => {
    const engines: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node;
    const admits = (m: number) =>
      engines.split('||').some((range) => {
        const [, op, n] = /^\s*(\^|>=)(\d+)/.exec(range)!;
        return op === '^' ? m === Number(n) : m >= Number(n);
      });
    expect(admits(major)).toBe(true);
    expect(admits(20)).toBe(true);
  });
});
