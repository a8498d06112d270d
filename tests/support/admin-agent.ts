// One admin CLI that stays running for a test worker (tests/support/admin.ts starts one per store):
// each line on stdin is a command's arguments as JSON, each line on file descriptor 3 its answer
// (stdout stays free for whatever the server code logs). The same
// commands as `npm run admin`, without paying tsx and the server code's start (a second of CPU) per
// call. It also writes the rows journeys need (`fixture ...`, tests/support/fixture-commands.ts).
import fs from 'node:fs';
import readline from 'node:readline';
import { db } from '../../app/.server/db';
import { failureLine, runAdminCommand } from '../../scripts/admin-commands';
import { runFixtureCommand } from './fixture-commands';

const answers = fs.createWriteStream('', { fd: 3 });
for await (const line of readline.createInterface({ input: process.stdin })) {
  const args = JSON.parse(line) as string[];
  // `fixture ...`: rows a journey needs, written straight into the store (fixture-commands.ts).
  const run = args[0] === 'fixture' ? runFixtureCommand(args.slice(1)) : runAdminCommand(args);
  const answer = await run.then(
    (out) => ({ out }),
    (error: unknown) => ({ error: failureLine(error) }),
  );
  answers.write(`${JSON.stringify(answer)}\n`);
}
await db.destroy();
