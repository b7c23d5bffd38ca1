// The Store on SQLite: one file, WAL; the queries written once (common/store.ts) with SQLite's own parts.
import { composeStore } from '../common/store';
import type { Store } from '../store';
import { sqliteSessions, sqliteUserSearch } from './accounts';
import { prepareAuctionById, sqliteAuctions } from './auctions';
import { sqliteBids } from './bid';
import { sqliteBuyNow } from './buy-now';
import { checkpointOnAThread } from './checkpoints';
import { sqliteDashboard } from './dashboard';
import { groupCommits } from './group-commit';
import { noticeWriter } from './notices';
import { openSqlite, type SqliteDb } from './open';
import { sqliteSearch } from './search';
import { atOnce, sqliteDialect } from './transaction';

export interface SqliteStore extends Store {
  /** The Drizzle database, for tools that look at SQLite itself (the EXPLAIN test, the benchmark's seeding). */
  readonly db: SqliteDb;
}

export interface SqliteStoreOptions {
  /** Queue a mail with every notice (the site sends mail); off by default. */
  mailNotices?: boolean;
}

export function createSqliteStore(path: string, { mailNotices = false }: SqliteStoreOptions = {}): SqliteStore {
  const db = openSqlite(path);
  // Every write of the connection, the bid's and the purchase's too, so that one turn's writes share a commit.
  const writeTransaction = groupCommits(db.$client);
  // An in-memory database has no log to copy back.
  const checkpointer = path === ':memory:' ? null : checkpointOnAThread(db.$client, path, writeTransaction);
  const auctionById = prepareAuctionById(db);
  const ping = db.$client.prepare('select 1');
  const notices = noticeWriter(db, { mail: mailNotices });
  const store = composeStore(sqliteDialect(db, notices, writeTransaction), {
    search: sqliteSearch(db),
    readAuction: (_tx, id) => atOnce(() => auctionById(id)),
    userSearch: sqliteUserSearch,
    sessions: sqliteSessions(db),
    auctions: { ...sqliteAuctions(db, auctionById), ...sqliteDashboard(db), ...sqliteBuyNow(db, auctionById, notices, writeTransaction) },
    bids: sqliteBids(db, auctionById, notices, writeTransaction),
    async ping() {
      ping.get();
    },
    async close() {
      await checkpointer?.stop();
      db.$client.close();
    },
  });
  return { ...store, db };
}
