// `npm run db:migrate`: importing the db module applies every pending migration.
import { db } from '../app/.server/db';

await db.destroy();
console.log('database is up to date');
