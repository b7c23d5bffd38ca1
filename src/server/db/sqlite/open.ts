// Opens the SQLite file with the pragmas this application relies on, and applies pending migrations.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { sqliteMigrationsDir } from '../../paths';
import * as schema from './tables';

/**
 * How many pages the write-ahead log gathers before a commit copies them into the database file (a
 * checkpoint, run inside that commit). SQLite's default of 1,000 pages (4 MB) made checkpoints a third
 * of a bid's CPU: a bid writes about ten pages, the same pages again and again (the auction's row, the
 * tails of the bids' indexes), and each checkpoint copies every page the log holds once. Four times as
 * many pages copy each hot page a quarter as often; the log then grows to 16 MB before it starts over.
 * The server's store copies the log back on a thread of its own instead (checkpoints.ts), a few times a
 * second, and keeps twice this as its own bound; the benchmark's bare twin checkpoints at this.
 */
export const WAL_CHECKPOINT_PAGES = 4000;

export type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export function openSqlite(path: string): SqliteDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (create-admin, a second server on the same file) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The journal of a savepoint (group-commit.ts: each write of a shared commit is one) becomes a
  // temporary file once it passes 64 KiB, which a purchase's 25 pages do: a purchase in a savepoint
  // then cost 300 µs of CPU instead of 160 (scripts/bench/bid-cpu.ts). In memory, with SQLite's other
  // temporary tables (sorts and the like, small here).
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  // SQLite's lower() folds ASCII only; searches need 'Émile' to match 'émile' too.
  sqlite.function('unicode_lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: sqliteMigrationsDir });
  return db;
}
