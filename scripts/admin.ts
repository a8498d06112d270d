// Admin CLI (docs/architecture.md §5). Thin: it parses arguments and calls app/.server code
// (scripts/admin-commands.ts). The result is the last line on stdout; a failure exits non-zero with
// one line on stderr.
import { db } from '../app/.server/db';
import { failureLine, runAdminCommand, USAGE, UsageError } from './admin-commands';

try {
  console.log(await runAdminCommand(process.argv.slice(2)));
} catch (error) {
  console.error(failureLine(error));
  if (error instanceof UsageError && !process.argv[2]) console.error(USAGE);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
