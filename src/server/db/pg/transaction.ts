// Transactions on PostgreSQL. Unlike better-sqlite3's, they are asynchronous: between two statements
// other requests run, on other connections of the pool. Each transaction therefore holds one
// connection from BEGIN to COMMIT, runs under READ COMMITTED, and takes the row locks its
// read-modify-write needs (`select ... for update`) before it reads what it will change. Two
// transactions that lock in opposite orders deadlock; PostgreSQL ends one of them, and it runs again
// here, as does one that a serialization failure ended (docs/decisions/0008-transactions-on-postgresql.md).
// The bid needs no transaction around its statements (`onConnection`,
// docs/decisions/0021-the-bid-by-the-rows-version.md).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Dialect } from '../common/dialect';
import { run, runAsync, type Step, type Work } from '../common/work';
import type { NoticeWriter } from './notices';
import type { PgDb } from './open';
import * as schema from './tables';

/** PostgreSQL's codes for "ended for the sake of another transaction: run it again". */
export const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export type Queryable = Pick<pg.PoolClient, 'query'>;

export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    // While a connection is checked out the pool does not listen for its errors: a connection that
    // dies between two statements (the server restarting) would throw from nowhere and end the
    // process. The statement under way, or the next one, fails with the error instead.
    client.on('error', ignore);
    let result: T;
    try {
      await client.query('begin');
      result = await work(client);
      await client.query('commit');
    } catch (error) {
      // A broken connection cannot roll back; releasing it with the error makes the pool discard it.
      const rolledBack = await client.query('rollback').then(
        () => true,
        () => false,
      );
      client.off('error', ignore);
      client.release(rolledBack ? undefined : (error as Error));
      if (attempt < ATTEMPTS && RETRYABLE.has((error as { code?: string }).code ?? '')) continue;
      throw error;
    }
    client.off('error', ignore);
    client.release();
    return result;
  }
}

/**
 * One connection of the pool for a few statements in a row, each a transaction of its own (pg/bid.ts):
 * no `begin` and no `commit`, two round trips fewer than `transaction`. A connection that broke under
 * them is not handed out again: the pool drops a client that can no longer take queries.
 */
export async function onConnection<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // As in `transaction`: the statement under way fails instead of the process.
  client.on('error', ignore);
  try {
    return await work(client);
  } finally {
    client.off('error', ignore);
    client.release();
  }
}

/**
 * Drizzle's query builder on a transaction's connection, for transactions written with it. Without the
 * schema: given one, drizzle() maps every table's relations again, about 0.6 ms of CPU a transaction
 * here, for relational queries that no unit makes.
 */
export function builderOn(client: pg.PoolClient): Db {
  return drizzle({ client });
}

async function execute({ mode, query }: Step): Promise<unknown> {
  const result = await query;
  return mode === 'all' ? result : mode === 'get' ? (result as unknown[])[0] : undefined;
}

/**
 * A step of a unit that is not a Drizzle statement: a plain statement of the driver's on the
 * transaction's connection (`tx.$client`), such as one prepared once per connection. Awaited in turn.
 */
export function* awaited<T>(step: () => Promise<T>): Work<T> {
  // Run as an 'all' step, whose result is handed back as it is (execute below).
  return (yield { mode: 'all', query: step() }) as T;
}

/** The connection a unit's transaction holds (builderOn's client), for the plain statements of the driver. */
export const connectionOf = (tx: Db) => (tx as Db & { $client: pg.PoolClient }).$client;

/** PostgreSQL as the queries written once see it (common/dialect.ts), writing notices with `notices` (the bid's too). */
export function pgDialect(db: PgDb, notices: NoticeWriter): Dialect {
  return {
    kind: 'pg',
    db,
    t: schema,
    transaction(work) {
      return transaction(db.$client, (client) => runAsync(work(builderOn(client)), execute));
    },
    write: (work) => runAsync(work(db), execute),
    // Under READ COMMITTED a count and the insert it allows could interleave with another's; a
    // transaction-scoped advisory lock on the key's hash makes them take turns (a hash collision only
    // makes two keys take turns too). Two-key locks never meet open.ts's one-key migration lock.
    *takeTurns(tx, scope, key) {
      yield* run(tx.execute(sql`select pg_advisory_xact_lock(${scope}, hashtext(${String(key)}))`));
    },
    writeNotices: (tx, auctionId, list, at) => awaited(() => notices(connectionOf(tx), auctionId, list, at)),
    readRows: (_kind, statement, values) => statement.execute(values),
  };
}

function ignore(): void {}
