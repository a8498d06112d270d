// How the site's server is started, in one place. Some V8 settings take effect only on node's
// command line, before the heap exists: a young generation of two 8 MB halves instead of V8's two
// 16 MB halves keeps the server's memory under load about 18 MB lower
// (docs/decisions/020-young-generation.md). `npm start` and the Dockerfile write the same command
// (scripts/server-command.test.ts checks); the tests and the bench spawn SERVER_ARGS.
export const NODE_FLAGS = ['--max-semi-space-size=8'];
export const SERVER_ARGS = [...NODE_FLAGS, 'scripts/start.js'];
