// Transactions on SQLite. better-sqlite3's are synchronous: nothing else runs in this process between
// BEGIN and COMMIT, so a transaction's work must not await (an awaited step would run after COMMIT,
// outside it). Read-modify-write takes the write lock at BEGIN (docs/decisions/0004-the-bid-transaction.md).
import type { SqliteDb } from './open';

/**
 * better-sqlite3's transaction function, made once (Drizzle's db.transaction builds one per call):
 * IMMEDIATE takes the write lock at BEGIN, so the state read inside cannot change before the write,
 * not even from another process.
 */
export function immediateTransactions(db: SqliteDb) {
  const transaction = db.$client.transaction((work: () => unknown) => work());
  return <T>(work: () => T) => transaction.immediate(work) as T;
}
