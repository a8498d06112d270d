// Which engine a Kysely instance runs on, for the few statements that differ (locks, triggers,
// constraints): PostgreSQL, or else SQLite.
import { PostgresAdapter, type Kysely } from 'kysely';

export const isPostgres = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;
