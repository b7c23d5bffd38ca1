// Transactions on SQLite. better-sqlite3's are synchronous: nothing else runs in this process between
// BEGIN and COMMIT, so a transaction's work must not await (an awaited step would run after COMMIT,
// outside it). Read-modify-write takes the write lock at BEGIN (docs/decisions/0004-the-bid-transaction.md),
// and the writes of one turn of the event loop share a commit (group-commit.ts).
import type { Db, Dialect, HotRows, Tables } from '../common/dialect';
import { runSync, type Step, type Work } from '../common/work';
import type { WriteTransactions } from './group-commit';
import type { NoticeWriter } from './notices';
import { listedOfValues } from './auctions';
import { auditOfValues, messageOfValues, orderOfValues, reportOfValues } from './hot-rows';
import type { SqliteDb } from './open';
import * as schema from './tables';

/** A statement of a unit run the synchronous way: better-sqlite3's builders answer at once. */
interface SyncQuery {
  all(): unknown;
  get(): unknown;
  run(): unknown;
}

function execute({ mode, query }: Step): unknown {
  const statement = query as unknown as SyncQuery;
  return mode === 'all' ? statement.all() : mode === 'get' ? statement.get() : statement.run();
}

/**
 * A step of a unit that better-sqlite3 answers at once, such as a statement prepared once: run where
 * the unit stands, which is inside its transaction, since a unit runs synchronously from BEGIN to COMMIT.
 */
// eslint-disable-next-line require-yield -- a step without a statement to hand over: it runs right here.
export function* atOnce<T>(step: () => T): Work<T> {
  return step();
}

/** A statement's rows as SQLite gives them, one array of values each (Drizzle's `values`, typed as PostgreSQL's here). */
const rawRows = (statement: unknown, values: Record<string, unknown>) =>
  (statement as { values(values: Record<string, unknown>): unknown[][] }).values(values);

/** Each hot read's row from its values (common/dialect.ts HotRows). */
const FROM_VALUES: { [Kind in keyof HotRows]: (values: never) => HotRows[Kind] } = {
  listed: listedOfValues,
  order: orderOfValues,
  message: messageOfValues,
  audit: auditOfValues,
  report: reportOfValues,
};

/**
 * SQLite as the queries written once see it (common/dialect.ts), writing notices with `notices` (the
 * bid's too) and running each unit in `writeTransaction`, the connection's one committer.
 */
export function sqliteDialect(db: SqliteDb, notices: NoticeWriter, writeTransaction: WriteTransactions): Dialect {
  // The one place SQLite's database and tables are given PostgreSQL's types (see common/dialect.ts).
  const common = db as unknown as Db;
  const transaction: Dialect['transaction'] = (work) => writeTransaction(() => runSync(work(common), execute));
  return {
    kind: 'sqlite',
    db: common,
    t: schema as unknown as Tables,
    transaction,
    write: transaction,
    // IMMEDIATE already makes every writing transaction take turns.
    *takeTurns() {},
    writeNotices: (_tx, auctionId, list, at) => atOnce(() => notices(auctionId, list, at)),
    // Drizzle's decoding of every column of every row costs more than the read itself.
    readRows: async (kind, statement, values) => rawRows(statement, values).map(FROM_VALUES[kind] as (values: unknown[]) => never),
  };
}
