// Opens a pool of connections to PostgreSQL and applies pending migrations, once, however many
// instances start at the same moment: the migration runs under an advisory lock, so a second
// instance waits for the first and then finds nothing left to apply.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgMigrationsDir } from '../../paths';
import { PG_TYPES } from './types';

/** Drizzle's query builder over the pool (no relational queries: see common/dialect.ts's `Db`). */
export type PgDb = NodePgDatabase & { $client: pg.Pool };

/** Any number: it only has to be the same in every instance, and differ from other users of the lock. */
const MIGRATION_LOCK = 7_031_999;

/** PostgreSQL could not be reached or refused us: a line to print, not a stack trace. */
export class DatabaseUnavailableError extends Error {}

export interface PgOptions {
  /** Connections this process keeps at most. */
  poolSize?: number;
  /**
   * Connections to `url` that the caller opened and will end, used instead of a pool of the store's
   * own (poolSize is then the caller's to choose, and its `types` are PG_TYPES, as `pgPoolOptions` gives
   * them). The tests hand one test's warm connections to the next: a new connection costs the server a
   * process and a cold catalog cache.
   */
  pool?: pg.Pool;
}

/** A pool's settings for the app's statements: `url`, and the parsers its rows are read with (types.ts). */
export const pgPoolOptions = (url: string, max: number): pg.PoolConfig => ({ connectionString: url, max, types: PG_TYPES });

export async function openPostgres(url: string, { poolSize = 10, pool: given }: PgOptions = {}): Promise<PgDb> {
  const pool = given ?? new pg.Pool({ ...pgPoolOptions(url, poolSize), connectionTimeoutMillis: 5000 });
  // An idle connection that the server drops (a restart) emits here; without a listener the process
  // would die. The pool replaces it on the next checkout, and requests meanwhile answer 503.
  if (!given) pool.on('error', () => {});
  const db = drizzle({ client: pool });
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    if (!given) await pool.end();
    throw new DatabaseUnavailableError(`PostgreSQL at ${redactedUrl(url)} cannot be reached: ${(error as Error).message}`);
  }
  // Checked out, the connection's errors are ours to take (see transaction.ts); the statements fail with them.
  const ignore = () => {};
  client.on('error', ignore);
  let failure: unknown;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsDir });
  } catch (error) {
    failure = error;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.off('error', ignore);
    client.release();
  }
  // Only now: ending the pool waits for every connection to come back, this one included.
  if (failure !== undefined) {
    if (!given) await pool.end();
    throw new DatabaseUnavailableError(`PostgreSQL at ${redactedUrl(url)}: migrations failed: ${(failure as Error).message}`);
  }
  return db;
}

/** The URL without its password, fit for a log line. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparsable URL)';
  }
}
