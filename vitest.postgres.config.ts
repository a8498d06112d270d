// The unit and integration tests that use the store, again on PostgreSQL (`npm run test:unit`
// runs both): tests/support/vitest-postgres.ts starts a throw-away cluster for the run.
import path from 'node:path';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { FIREBASE_EMULATOR_TESTS } from './tests/support/unit-phases';

const dataDir = path.join(os.tmpdir(), `makerspace-unit-pg-${process.pid}`);
process.env.DATA_DIR = dataDir;

export default defineConfig({
  resolve: { alias: { '~': path.resolve(__dirname, 'app') } },
  test: {
    include: ['app/.server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...FIREBASE_EMULATOR_TESTS],
    environment: 'node',
    globalSetup: ['tests/support/vitest-postgres.ts'],
    // Instances on PostgreSQL need a shared SESSION_SECRET (config.ts refuses to start without).
    env: { DATA_DIR: dataDir, NODE_ENV: 'test', SESSION_SECRET: 'unit-tests-session-secret-unit-tests' },
  },
});
