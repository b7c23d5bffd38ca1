// The Store on SQLite: one file, WAL, every query of the product (see db/store.ts).
import { bidReads } from '../common/bid-reads';
import { closeQueries, type AuctionReader } from '../common/close';
import { contactQueries } from '../common/contact';
import { newAuctionQueries } from '../common/new-auctions';
import { notificationQueries } from '../common/notifications';
import type { Store } from '../store';
import { sqliteLogins, sqliteSessions, sqliteUsers } from './accounts';
import { prepareAuctionById, sqliteAuctions, sqliteBids } from './auctions';
import { sqliteLiveStreams } from './live-streams';
import { sqliteEmailConfirmations, sqliteMail, sqlitePasswordResets } from './mail';
import { noticeWriter } from './notices';
import { openSqlite, type SqliteDb } from './open';
import { atOnce, sqliteDialect } from './transaction';
import { sqliteWatches } from './watches';

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
  const dialect = sqliteDialect(db, { mailNotices });
  const auctionById = prepareAuctionById(db);
  const readAuction: AuctionReader = (_tx, id) => atOnce(() => auctionById(id));
  const notices = noticeWriter(db, { mail: mailNotices });
  const ping = db.$client.prepare('select 1');
  return {
    db,
    users: sqliteUsers(db),
    sessions: sqliteSessions(db),
    logins: sqliteLogins(db),
    contact: contactQueries(dialect),
    auctions: { ...sqliteAuctions(db, auctionById), ...newAuctionQueries(dialect, readAuction), ...closeQueries(dialect, readAuction) },
    bids: { ...sqliteBids(db, auctionById, notices), ...bidReads(dialect) },
    watches: sqliteWatches(db),
    notifications: notificationQueries(dialect),
    mail: sqliteMail(db),
    liveStreams: sqliteLiveStreams(db),
    passwordResets: sqlitePasswordResets(db),
    emailConfirmations: sqliteEmailConfirmations(db),
    async ping() {
      ping.get();
    },
    async close() {
      db.$client.close();
    },
  };
}
