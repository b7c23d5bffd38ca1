// The Store on PostgreSQL: a pool of connections that several server instances may share (see
// db/store.ts for what each query promises; db/sqlite for the embedded twin).
import { composeStore } from '../common/store';
import type { Store } from '../store';
import { pgSessions, pgUserSearch } from './accounts';
import { auctionById, pgAuctions } from './auctions';
import { pgBids } from './bid';
import { pgBuyNow } from './buy-now';
import { pgDashboard } from './dashboard';
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
  let closing: Promise<void> | undefined;
  const notices = noticeWriter({ mail: mailNotices });
  const store = composeStore(pgDialect(db, notices), {
    search: pgSearch,
    readAuction: (tx, id) => awaited(() => auctionById(connectionOf(tx), id)),
    userSearch: pgUserSearch,
    sessions: pgSessions(db),
    auctions: { ...pgAuctions(db), ...pgDashboard(db), ...pgBuyNow(db, notices) },
    bids: pgBids(db, { mail: mailNotices }),
    async ping() {
      await db.$client.query('select 1');
    },
    close() {
      // A pool the caller gave stays open: the caller ends it.
      return (closing ??= options.pool ? Promise.resolve() : db.$client.end());
    },
  });
  return { ...store, db };
}
