import path from 'node:path';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { FIREBASE_EMULATOR_TESTS } from './tests/support/unit-phases';

const dataDir = path.join(os.tmpdir(), `makerspace-unit-${process.pid}`);
process.env.DATA_DIR = dataDir;

export default defineConfig({
  resolve: { alias: { '~': path.resolve(__dirname, 'app') } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/docs/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, ...FIREBASE_EMULATOR_TESTS],
    environment: 'node',
    globalSetup: ['tests/support/vitest-global.ts'],
    // Server modules read DATA_DIR when imported: give the unit run its own throwaway folder.
    env: { DATA_DIR: dataDir, NODE_ENV: 'test' },
  },
});
