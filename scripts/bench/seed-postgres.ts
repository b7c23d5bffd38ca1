// The benchmark's data on PostgreSQL: the app's migrations (openPostgres), then every row the SQLite seed
// wrote (scripts/bench/seed.ts), copied table by table, so both databases hold the very same data. Each
// table goes in one statement, its columns sent as arrays and spread back into rows by unnest; times
// (milliseconds on SQLite) become timestamptz and 0/1 flags booleans on the way.
import Database from 'better-sqlite3';
import { openPostgres } from '../../src/server/db/pg/open';

/** What the SQLite seed fills, parents before children. */
const TABLES = ['users', 'auctions', 'bids', 'max_bids', 'sessions', 'orders', 'messages'] as const;

export async function copySeedToPostgres(sqlitePath: string, databaseUrl: string): Promise<{ ms: number }> {
  const started = Date.now();
  const sqlite = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const db = await openPostgres(databaseUrl, { poolSize: 1 });
  const pool = db.$client;
  try {
    for (const table of TABLES) {
      // The columns PostgreSQL lets us write (not the search words it computes itself), with their types.
      const { rows: columns } = await pool.query<{ name: string; type: string; identity: boolean }>(
        `select column_name as name, udt_name as type, is_identity = 'YES' as identity from information_schema.columns
         where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      );
      const rows = sqlite
        .prepare(`select ${columns.map((c) => `"${c.name}"`).join(', ')} from ${table}`)
        .raw()
        .all() as unknown[][];
      const arrays = columns.map((column, i) => rows.map((row) => toPostgres(row[i], column.type)));
      await pool.query(
        `insert into ${table} (${columns.map((c) => `"${c.name}"`).join(', ')})
         select * from unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`,
        arrays,
      );
      // Rows came with their ids: the identity must go on after the highest, or the app's next insert collides.
      for (const column of columns.filter((c) => c.identity)) {
        await pool.query(`select setval(pg_get_serial_sequence($1, $2), coalesce(max("${column.name}"), 0) + 1, false) from ${table}`, [
          table,
          column.name,
        ]);
      }
    }
    await pool.query(`analyze ${TABLES.join(', ')}`);
  } finally {
    sqlite.close();
    await pool.end();
  }
  return { ms: Date.now() - started };
}

function toPostgres(value: unknown, type: string): unknown {
  if (value === null) return null;
  if (type === 'timestamptz') return new Date(value as number).toISOString();
  if (type === 'bool') return value === 1;
  return value;
}
