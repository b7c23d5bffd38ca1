// What the queries written once (this folder) need of a database: its Drizzle database and tables,
// and how it runs a unit of work (work.ts). sqlite/transaction.ts and pg/transaction.ts make one each.
//
// The database and tables are typed as PostgreSQL's: the two schemas declare the same tables with the
// same columns and the same TypeScript types (tests/unit/schemas-agree.test.ts holds them to it), and
// the builder calls used here (select, insert, update, delete, returning, onConflict…) are the same
// on both. What only one dialect has (row locks, `::` casts, tsvector) is not used here: where the
// databases differ, the dialect's own file says so, and `kind` branches the few places between.
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Notice } from '../../domain/bidding';
import type * as schema from '../pg/tables';
import type { AuditRowRecord } from '../moderation-store';
import type { ListedAuctionRecord, MessageRecord, OrderRecord } from '../records';
import type { ReportRecord } from '../report-store';
import type { Work } from './work';

export type Tables = typeof schema;

/**
 * A Drizzle database or a transaction on one (both run single statements with `await`). Its query
 * builder only: the units here name their tables (`t`), and none uses Drizzle's relational queries,
 * whose schema a transaction's builder would otherwise map anew each time (pg/transaction.ts).
 */
export type Db = NodePgDatabase;

export interface Dialect {
  kind: 'sqlite' | 'pg';
  db: Db;
  t: Tables;
  /**
   * Runs the unit as one transaction: on SQLite IMMEDIATE (the write lock taken at BEGIN, so what it
   * reads cannot change before it writes); on PostgreSQL on one connection under READ COMMITTED, run
   * again when PostgreSQL ends it for another's sake (a deadlock, a serialization failure).
   */
  transaction: <T>(work: (tx: Db) => Work<T>) => Promise<T>;
  /**
   * Runs a unit of one statement that writes and needs no transaction around it: on SQLite as
   * `transaction`, since every write of the connection goes through its committer, whose commits
   * the checkpoint thread holds while it starts the log over (sqlite/checkpoints.ts); on PostgreSQL
   * on the pool, without `begin` and `commit`: the statement is a transaction of its own.
   */
  write: <T>(work: (db: Db) => Work<T>) => Promise<T>;
  /**
   * Makes the transactions that name the same key take turns from here to their end (two takes of
   * a cap's last place, two messages of one address). SQLite needs nothing: IMMEDIATE already makes
   * every writing transaction take turns. PostgreSQL takes a transaction-scoped advisory lock.
   */
  takeTurns: (tx: Db, scope: TurnScope, key: string | number) => Work<void>;
  /**
   * Writes the notices one event of an auction owes (and their mails, when the site sends mail) inside
   * the unit's transaction; the users they went to. Each dialect's own writer (sqlite/notices.ts,
   * pg/notices.ts): a hot path, as every bid that outbids someone runs it too.
   */
  writeNotices: (tx: Db, auctionId: number, notices: Notice[], at: Date) => Work<number[]>;
  /**
   * Reads the rows of one of the hot reads (HotRows: a list of auctions, the orders page, a
   * conversation) through a statement with placeholders, prepared or not, given their values: SQLite
   * reads them raw and maps them by hand, for Drizzle decodes each field through its column, which
   * cost these reads more than the reading; PostgreSQL's driver and Drizzle map them.
   */
  readRows: <Kind extends keyof HotRows>(
    kind: Kind,
    statement: RowsStatement<HotRows[Kind]>,
    values: Record<string, unknown>,
  ) => Promise<HotRows[Kind][]>;
}

/**
 * The reads whose rows SQLite maps by hand, by the fields each selects in their order: a list's
 * auctions (listedColumns), the orders page's orders (orders.ts), a conversation's messages (messages.ts),
 * the audit page's entries (moderation.ts) and the open reports' page (reports.ts).
 */
export interface HotRows {
  listed: ListedAuctionRecord;
  order: OrderRecord;
  message: MessageRecord;
  audit: AuditRowRecord;
  report: ReportRecord;
}

/** A statement that reads rows, built or prepared: both run with their placeholders' values. */
export interface RowsStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** Which kind of key `takeTurns` serializes on: two scopes never wait on each other's keys. */
export const TURN_SCOPES = {
  contactAddress: 2,
  liveUser: 3,
  liveAddress: 4,
  watchlist: 5,
  demoAuction: 6,
  savedSearches: 7,
  conversation: 8,
  secondChance: 9,
} as const;
export type TurnScope = (typeof TURN_SCOPES)[keyof typeof TURN_SCOPES];

/**
 * An id from a request (up to 15 digits), as a parameter both databases compare with an integer key:
 * PostgreSQL refuses a parameter beyond its `integer` for an integer column, so the id is cast to a
 * bigint, and an id that no row has is then simply not found. SQLite reads the cast as an integer.
 */
export const anyId = (id: number) => sql`cast(${id} as bigint)`;

/** The column holds one of these ids from a request (each compared as anyId); an empty list matches nothing. */
export const inAnyIds = (column: Column, ids: readonly number[]): SQL =>
  ids.length === 0 ? sql`false` : sql`${column} in (${sql.join(ids.map(anyId), sql`, `)})`;

/**
 * A statement's LIMIT, as an expression of its value rather than the bare parameter. SQLite (3.53 here)
 * reads the value bound to a bare `limit ?` into the statement's program, so each new binding marks
 * the statement stale and the next run compiles it again: a list page's prepared statement spent as
 * long being compiled as being read, and a detail page's newest bids half their time
 * (docs/performance.md). The planner does not look into a cast: the statement is compiled once, and
 * the limit is read as it runs. PostgreSQL reads both forms alike. Drizzle's `limit()` is typed for a
 * number or a placeholder, and builds any SQL it is given into the clause as it stands.
 */
export const rowLimit = (value: number | Placeholder): Placeholder => sql`cast(${value} as integer)` as unknown as Placeholder;

/**
 * A value the code itself names (a status), written into the statement rather than bound to it. A
 * partial index whose condition names a value of the same column (`where status = 'open'`) is then
 * matched against it once, when the statement is compiled: bound, SQLite compares the value bound on
 * each run, and so compiles the statement again on each, as for a LIMIT (rowLimit). Only words of
 * lower-case letters and underscores, which need no quoting, are accepted.
 */
export function known(value: string): SQL {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`not a word the code names: ${value}`);
  return sql.raw(`'${value}'`);
}
