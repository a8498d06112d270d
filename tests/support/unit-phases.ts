// Unit test files that start the Firebase Auth emulator (Java, about 10 s): a phase of their own in
// `npm test` (vitest.firebase.config.ts); the SQLite and PostgreSQL runs leave them out, so
// `npm run test:quick` starts no emulator.
export const FIREBASE_EMULATOR_TESTS = ['app/.server/identity/firebase.test.ts'];
