// One way for a test to look at the tables (or change them behind the app's back), whichever database
// stands behind its deps: a statement in PostgreSQL's spelling, with `$1`, `$2` placeholders, run as
// it is on PostgreSQL and with `?1`, `?2` on SQLite (which reads numbered parameters by name). Values
// come back as SQLite holds them, so that one assertion fits both: times as epoch milliseconds, flags
// as 1 or 0, counts as numbers. Prefer the store's own methods where one shows what the test needs.
import type Database from 'better-sqlite3';
import type pg from 'pg';

/** What a statement may take: Dates are times, booleans flags (SQLite binds neither as they are). */
type SqlValue = string | number | boolean | Date | null;

type Row = Record<string, unknown>;

export interface TableAccess {
  /** Every row the statement returns (none for a write). */
  sql<T = Row>(text: string, params?: SqlValue[]): Promise<T[]>;
  /** The first row the statement returns, if any. */
  sqlOne<T = Row>(text: string, params?: SqlValue[]): Promise<T | undefined>;
}

function withFirst(sql: TableAccess['sql']): TableAccess {
  return { sql, sqlOne: async (text, params) => (await sql(text, params))[0] as never };
}

export function sqliteTables(sqlite: Database.Database): TableAccess {
  return withFirst(async <T>(text: string, params: SqlValue[] = []) => {
    const statement = sqlite.prepare(text.replace(/\$(\d+)/g, '?$1'));
    // `?1` is a named parameter to better-sqlite3: the values go by number.
    const named = Object.fromEntries(
      params.map((value, i) => [i + 1, value instanceof Date || typeof value === 'boolean' ? Number(value) : value]),
    );
    if (!statement.reader) {
      statement.run(named);
      return [];
    }
    return statement.all(named) as T[];
  });
}

/** PostgreSQL's bigint and numeric, which pg hands over as strings (count(*) is a bigint). */
const NUMERIC_TYPES = new Set([20, 1700]);

export function postgresTables(pool: pg.Pool): TableAccess {
  return withFirst(async <T>(text: string, params: SqlValue[] = []) => {
    const result = await pool.query(text, params);
    const numeric = result.fields.filter((field) => NUMERIC_TYPES.has(field.dataTypeID)).map((field) => field.name);
    const asSqliteHolds = (name: string, value: unknown) =>
      value instanceof Date || typeof value === 'boolean' || (numeric.includes(name) && value !== null) ? Number(value) : value;
    return result.rows.map(
      (row: Row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, asSqliteHolds(name, value)])) as T,
    );
  });
}

/** How many rows the table holds: that something was stored, or that nothing was. */
export async function rowsIn(tables: TableAccess, table: string): Promise<number> {
  const counted = await tables.sqlOne<{ n: number }>(`select count(*) as n from ${table}`);
  return counted!.n;
}
