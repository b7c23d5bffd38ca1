// The Store on PostgreSQL: a pool of connections that several server instances may share (see
// db/store.ts for what each query promises; db/sqlite for the embedded twin).
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
import { pgSessions, pgUsers } from './accounts';
import { auctionById, pgAuctions } from './auctions';
import { pgBids } from './bid';
import { pgMail } from './mail';
import { noticeWriter } from './notices';
import { openPostgres, type PgDb, type PgOptions } from './open';
import { pgSearch } from './search';
import { awaited, connectionOf, pgDialect } from './transaction';

export interface PgStore extends Store {
  /** The Drizzle database and its pool, for tools that look at PostgreSQL itself (tests, the benchmark). */
  readonly db: PgDb;
}

export interface PgStoreOptions extends PgOptions {
  /** Queue a mail with every notice (the site sends mail); off by default. */
  mailNotices?: boolean;
}

/** Connects, applies pending migrations, and answers once the database is ready. */
export async function createPgStore(url: string, { mailNotices = false, ...options }: PgStoreOptions = {}): Promise<PgStore> {
  const db = await openPostgres(url, options);
  const dialect = pgDialect(db, { mailNotices });
  const notices = noticeWriter({ mail: mailNotices });
  const readAuction: AuctionReader = (tx, id) => awaited(() => auctionById(connectionOf(tx), id));
  let closing: Promise<void> | undefined;
  return {
    db,
    users: { ...userQueries(dialect), ...pgUsers(db) },
    sessions: { ...sessionQueries(dialect), ...pgSessions(db) },
    logins: loginQueries(dialect),
    contact: contactQueries(dialect),
    auctions: {
      ...auctionListQueries(dialect, pgSearch),
      ...pgAuctions(db),
      ...newAuctionQueries(dialect, readAuction),
      ...closeQueries(dialect, readAuction),
    },
    bids: { ...bidListQueries(dialect), ...pgBids(db, notices), ...bidReads(dialect) },
    watches: watchQueries(dialect),
    notifications: notificationQueries(dialect),
    mail: { ...mailQueries(dialect), ...pgMail(db) },
    liveStreams: liveStreamQueries(dialect),
    passwordResets: passwordResetQueries(dialect),
    emailConfirmations: emailConfirmationQueries(dialect),
    async ping() {
      await db.$client.query('select 1');
    },
    close() {
      return (closing ??= db.$client.end());
    },
  };
}
