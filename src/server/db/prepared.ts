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
