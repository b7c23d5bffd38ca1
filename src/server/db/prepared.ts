// Prepared statements belong to one database connection; this keeps one per connection, made on first use.
import type { Db } from './client';

export function perDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

const immediateTransaction = perDb((db) => db.$client.transaction((work: () => unknown) => work()).immediate);

/**
 * Runs `work` in one IMMEDIATE transaction (the write lock taken at BEGIN), with statements prepared
 * on `db`. better-sqlite3's transaction function is made once per connection: drizzle's
 * db.transaction builds a new one and a transaction object on every call, 8% of a bid's time.
 */
export function inImmediateTransaction<T>(db: Db, work: () => T): T {
  return immediateTransaction(db)(work) as T;
}
