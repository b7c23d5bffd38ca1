// The Store on SQLite: one file, WAL, every query of the product (see db/store.ts).
import { loginQueries, sessionQueries, userQueries } from '../common/accounts';
import { contactQueries } from '../common/contact';
import { auctionListQueries, bidListQueries } from '../common/lists';
import { liveStreamQueries } from '../common/live-streams';
import { emailConfirmationQueries, mailQueries, passwordResetQueries } from '../common/mail';
import { watchQueries } from '../common/watches';
import type { Store } from '../store';
import { sqliteSessions, sqliteUsers } from './accounts';
import { prepareAuctionById, sqliteAuctions, sqliteBids, sqliteNotifications } from './auctions';
import { noticeWriter, sqliteMail } from './mail';
import { openSqlite, type SqliteDb } from './open';
import { sqliteSearch } from './search';
import { sqliteDialect } from './transaction';

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
  const dialect = sqliteDialect(db);
  const auctionById = prepareAuctionById(db);
  const notices = noticeWriter(db, { mail: mailNotices });
  const ping = db.$client.prepare('select 1');
  return {
    db,
    users: { ...userQueries(dialect), ...sqliteUsers(db) },
    sessions: { ...sessionQueries(dialect), ...sqliteSessions(db) },
    logins: loginQueries(dialect),
    contact: contactQueries(dialect),
    auctions: { ...auctionListQueries(dialect, sqliteSearch(db)), ...sqliteAuctions(db, auctionById, notices) },
    bids: { ...bidListQueries(dialect), ...sqliteBids(db, auctionById, notices) },
    watches: watchQueries(dialect),
    notifications: sqliteNotifications(db),
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
