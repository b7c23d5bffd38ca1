// An older database, as a site that upgrades has one: the migrations up to a given one applied to a
// new database, and rows written in that older schema, before the server opens it and applies the rest.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgMigrationsDir, sqliteMigrationsDir } from '../../src/server/paths';
import { TEST_DATABASE, type DatabaseLocation } from './fixtures';

/**
 * Applies the migrations before the one named `firstLeftOut` (its tag without the number) to a new database at `location`, then lets `fill` write
 * rows in that older schema (times as epoch milliseconds, `$1` placeholders on either database).
 */
export async function migrateUpTo(
  location: DatabaseLocation,
  firstLeftOut: string,
  fill: (run: (text: string, params: number[]) => Promise<void>) => Promise<void>,
) {
  const source = TEST_DATABASE === 'postgres' ? pgMigrationsDir : sqliteMigrationsDir;
  const folder = mkdtempSync(join(tmpdir(), 'auction-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${firstLeftOut}`));
    if (cut < 0) throw new Error(`no migration ${firstLeftOut}`);
    const kept = journal.entries.slice(0, cut);
    mkdirSync(join(folder, 'meta'));
    readdirSync(source)
      .filter((file) => file.endsWith('.sql') && kept.some((entry) => file === `${entry.tag}.sql`))
      .forEach((file) => copyFileSync(join(source, file), join(folder, file)));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
    if ('DATABASE_URL' in location && location.DATABASE_URL) {
      const pool = new pg.Pool({ connectionString: location.DATABASE_URL });
      try {
        await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
        await fill(async (text, params) => {
          await pool.query(
            text,
            params.map((ms) => new Date(ms)),
          );
        });
      } finally {
        await pool.end();
      }
    } else if ('DATABASE_PATH' in location) {
      const sqlite = new Database(location.DATABASE_PATH);
      try {
        migrateSqlite(drizzleSqlite({ client: sqlite }), { migrationsFolder: folder });
        await fill(async (text, params) => {
          sqlite.prepare(text.replace(/\$(\d+)/g, '?$1')).run(Object.fromEntries(params.map((value, i) => [i + 1, value])));
        });
      } finally {
        sqlite.close();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
