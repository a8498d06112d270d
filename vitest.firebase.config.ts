// The Firebase provider against the real Auth emulator (Java, about 10 s to start): its own phase
// of `npm test`, so `npm run test:quick` and the store runs start no emulator.
import path from 'node:path';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { FIREBASE_EMULATOR_TESTS } from './tests/support/unit-phases';

const dataDir = path.join(os.tmpdir(), `makerspace-unit-firebase-${process.pid}`);
process.env.DATA_DIR = dataDir;

export default defineConfig({
  resolve: { alias: { '~': path.resolve(__dirname, 'app') } },
  test: {
    include: FIREBASE_EMULATOR_TESTS,
    environment: 'node',
    globalSetup: ['tests/support/vitest-global.ts'],
    env: { DATA_DIR: dataDir, NODE_ENV: 'test' },
  },
});
