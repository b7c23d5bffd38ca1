// Opens the SQLite file with the pragmas this application relies on, and applies pending migrations.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { sqliteMigrationsDir } from '../../paths';
import * as schema from './tables';

export type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export function openSqlite(path: string): SqliteDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (create-admin, a second server on the same file) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's lower() folds ASCII only; searches need 'Émile' to match 'émile' too.
  sqlite.function('unicode_lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: sqliteMigrationsDir });
  return db;
}
