// A workspace's database as the tools reach it beside the server (the crash test's checks, the
// benchmark's prices): the SQLite file, or PostgreSQL when the workspace has a URL. Their SQL is
// written once, in PostgreSQL's style ($1, $2 ...), and times cross as Dates going in and as
// milliseconds since the epoch coming out, whichever way each database keeps them.
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Workspace } from './server-process';

export interface ToolDatabase {
  /** The rows of one statement; Date parameters and time columns are converted as above. */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * What the database finds wrong with itself. SQLite: `PRAGMA integrity_check` and `foreign_key_check`.
   * PostgreSQL has neither: every foreign key is checked for rows that point nowhere, and where the
   * amcheck extension is installed every B-tree index is checked against its table.
   */
  soundness(): Promise<{ problems: string[]; checked: string }>;
  close(): Promise<void>;
}

export async function openToolDatabase(ws: Workspace): Promise<ToolDatabase> {
  return ws.databaseUrl ? openPostgresTool(ws.databaseUrl) : openSqliteTool(ws.databasePath);
}

function openSqliteTool(path: string): ToolDatabase {
  const db = new Database(path, { fileMustExist: true });
  // The server may be writing beside us.
  db.pragma('busy_timeout = 5000');
  return {
    async all<T>(sql: string, params: readonly unknown[] = []) {
      // SQLite's own numbered parameters are ?NNN, which better-sqlite3 does not bind: each $N becomes a
      // plain ? with its value repeated in order.
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
        order.push(Number(n) - 1);
        return '?';
      });
      const values = order.map((i) => (params[i] instanceof Date ? params[i].getTime() : params[i]));
      const statement = db.prepare(text);
      return (statement.reader ? statement.all(...values) : (statement.run(...values), [])) as T[];
    },
    async soundness() {
      const problems: string[] = [];
      const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
        problems.push(`PRAGMA integrity_check: ${integrity.map((r) => r.integrity_check).join('; ')}`);
      }
      const foreign = db.pragma('foreign_key_check') as unknown[];
      if (foreign.length > 0) problems.push(`PRAGMA foreign_key_check: ${foreign.length} rows, first ${JSON.stringify(foreign[0])}`);
      return { problems, checked: 'integrity_check, foreign_key_check' };
    },
    async close() {
      db.close();
    },
  };
}

/** PostgreSQL's rows with every time (a Date from the driver) turned into milliseconds, as SQLite keeps them; in place. */
export function timesAsMillis<T>(rows: Array<Record<string, unknown>>): T[] {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = value.getTime();
  }
  return rows as T[];
}

async function openPostgresTool(url: string): Promise<ToolDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // One client runs one query at a time: callers that ask at once (the benchmark reads its bids'
  // prices together) wait their turn here, rather than in the driver's own queue, which it deprecates.
  let turn: Promise<unknown> = Promise.resolve();
  const all = <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    const query = turn.then(() => client.query<Record<string, unknown>>(sql, [...params]));
    turn = query.catch(() => undefined);
    return query.then(({ rows }) => timesAsMillis<T>(rows));
  };
  return {
    all,
    async soundness() {
      const problems: string[] = [];
      // Each foreign key as two conditions on a child row c and a parent row p: its columns are all set,
      // and p is the row they point to.
      const keys = await all<{ name: string; child: string; parent: string; set: string; matches: string }>(
        `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
           string_agg(format('c.%I is not null', ca.attname), ' and ') as set,
           string_agg(format('p.%I = c.%I', pa.attname, ca.attname), ' and ') as matches
         from pg_constraint c
         cross join unnest(c.conkey, c.confkey) as k(child_col, parent_col)
         join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = k.child_col
         join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = k.parent_col
         where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
         group by c.oid, c.conname, c.conrelid, c.confrelid order by c.conname`,
      );
      for (const key of keys) {
        const [orphans] = await all<{ n: number }>(
          `select count(*)::int as n from ${key.child} c
             where ${key.set} and not exists (select 1 from ${key.parent} p where ${key.matches})`,
        );
        if (orphans!.n > 0) problems.push(`foreign key ${key.name}: ${orphans!.n} rows of ${key.child} point to no row of ${key.parent}`);
      }
      const [amcheck] = await all<{ installed: boolean }>(
        `select exists (select 1 from pg_extension where extname = 'amcheck') as installed`,
      );
      let indexes = 0;
      if (amcheck!.installed) {
        const names = await all<{ name: string }>(
          `select i.indexrelid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
             join pg_am am on am.oid = c.relam where am.amname = 'btree' and c.relnamespace = current_schema()::regnamespace order by 1`,
        );
        for (const { name } of names) {
          try {
            await all('select bt_index_check($1::regclass, true)', [name]);
          } catch (error) {
            problems.push(`amcheck on index ${name}: ${(error as Error).message}`);
          }
        }
        indexes = names.length;
      }
      return {
        problems,
        checked: `${keys.length} foreign keys for orphans, ${amcheck!.installed ? `${indexes} B-tree indexes with amcheck` : 'no index check (amcheck not installed)'}`,
      };
    },
    close: () => client.end(),
  };
}
