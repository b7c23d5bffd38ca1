// The Store on SQLite: one file, WAL, every query of the product (see db/store.ts).
import { loginQueries, sessionQueries, userQueries } from '../common/accounts';
import { bidReads } from '../common/bid-reads';
import { closeQueries, type AuctionReader } from '../common/close';
import { contactQueries } from '../common/contact';
import { auctionListQueries, bidListQueries } from '../common/lists';
import { liveStreamQueries } from '../common/live-streams';
import { emailConfirmationQueries, mailQueries, passwordResetQueries } from '../common/mail';
import { newAuctionQueries } from '../common/new-auctions';
import { notificationQueries } from '../common/notifications';
import { watchQueries } from '../common/watches';
import type { Store } from '../store';
import { sqliteSessions, sqliteUsers } from './accounts';
import { prepareAuctionById, sqliteAuctions } from './auctions';
import { sqliteBids } from './bid';
import { sqliteMail } from './mail';
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
  const dialect = sqliteDialect(db, { mailNotices });
  const auctionById = prepareAuctionById(db);
  const readAuction: AuctionReader = (_tx, id) => atOnce(() => auctionById(id));
  const notices = noticeWriter(db, { mail: mailNotices });
  const ping = db.$client.prepare('select 1');
  return {
    db,
    users: { ...userQueries(dialect), ...sqliteUsers(db) },
    sessions: { ...sessionQueries(dialect), ...sqliteSessions(db) },
    logins: loginQueries(dialect),
    contact: contactQueries(dialect),
    auctions: {
      ...auctionListQueries(dialect, sqliteSearch(db)),
      ...sqliteAuctions(db, auctionById),
      ...newAuctionQueries(dialect, readAuction),
      ...closeQueries(dialect, readAuction),
    },
    bids: { ...bidListQueries(dialect), ...sqliteBids(db, auctionById, notices), ...bidReads(dialect) },
    watches: watchQueries(dialect),
    notifications: notificationQueries(dialect),
    mail: { ...mailQueries(dialect), ...sqliteMail(db) },
    liveStreams: liveStreamQueries(dialect),
    passwordResets: passwordResetQueries(dialect),
    emailConfirmations: emailConfirmationQueries(dialect),
    async ping() {
      ping.get();
    },
    async close() {
      db.$client.close();
    },
  };
}
