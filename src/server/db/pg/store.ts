// The Store on PostgreSQL: a pool of connections that several server instances may share (see
// db/store.ts for what each query promises; db/sqlite for the embedded twin).
import { bidReads } from '../common/bid-reads';
import { closeQueries, type AuctionReader } from '../common/close';
import { contactQueries } from '../common/contact';
import { newAuctionQueries } from '../common/new-auctions';
import { notificationQueries } from '../common/notifications';
import type { Store } from '../store';
import { pgLogins, pgSessions, pgUsers } from './accounts';
import { auctionById, pgAuctions, pgBids } from './auctions';
import { pgLiveStreams } from './live-streams';
import { pgEmailConfirmations, pgMail, pgPasswordResets } from './mail';
import { noticeWriter } from './notices';
import { openPostgres, type PgDb, type PgOptions } from './open';
import { awaited, connectionOf, pgDialect } from './transaction';
import { pgWatches } from './watches';

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
    users: pgUsers(db),
    sessions: pgSessions(db),
    logins: pgLogins(db),
    contact: contactQueries(dialect),
    auctions: { ...pgAuctions(db), ...newAuctionQueries(dialect, readAuction), ...closeQueries(dialect, readAuction) },
    bids: { ...pgBids(db, notices), ...bidReads(dialect) },
    watches: pgWatches(db),
    notifications: notificationQueries(dialect),
    mail: pgMail(db),
    liveStreams: pgLiveStreams(db),
    passwordResets: pgPasswordResets(db),
    emailConfirmations: pgEmailConfirmations(db),
    async ping() {
      await db.$client.query('select 1');
    },
    close() {
      return (closing ??= db.$client.end());
    },
  };
}
