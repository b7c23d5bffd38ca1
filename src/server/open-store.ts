// Which database the settings name: PostgreSQL at DATABASE_URL, else the SQLite file at DATABASE_PATH.
// The server, `npm run seed` and `create-admin` all open their database here, so they agree.
import type { Settings } from './env';
import type { BidBus } from './live/bid-bus';
import { bidHistoryOf } from './live/bid-history';
import { createDoorbell } from './live/doorbell';
import type { NoticeBus } from './live/notice-bus';
import { createPgBidBus } from './live/pg-bid-bus';
import { createPgNoticeBus } from './live/pg-notice-bus';
import { createPgSessionEnds, type SessionEnds } from './live/session-ends';
import { mailDelivery } from './services/mail-transport';
import type { LimitsBackend } from './services/rate-limit';
import { redactedUrl } from './db/pg/open';
import { createPgStore, type PgStore } from './db/pg/store';
import { createSqliteStore } from './db/sqlite/store';
import type { Store } from './db/store';

/**
 * The store, and what instances on one database share through it besides: the rate limits' counts
 * and the live events (bids, notices and accounts signed out, told to every instance). Left out, each is the process's own.
 */
export interface SharedState {
  store: Store;
  limits?: LimitsBackend;
  bus?: BidBus;
  notices?: NoticeBus;
  sessionEnds?: SessionEnds;
}

/** The store alone, for commands that read and write but serve nobody (seed, create-admin). */
export function openStore(settings: Settings): Promise<Store> {
  if (settings.DATABASE_URL) return createPgStore(settings.DATABASE_URL, { mailNotices: mailsNotices(settings) });
  return Promise.resolve(createSqliteStore(settings.DATABASE_PATH, { mailNotices: mailsNotices(settings) }));
}

/** The store and what a serving instance shares through it with the others (nothing more on SQLite). */
export async function openShared(settings: Settings): Promise<SharedState> {
  if (!settings.DATABASE_URL) return { store: await openStore(settings) };
  const store = await createPgStore(settings.DATABASE_URL, { mailNotices: mailsNotices(settings) });
  return { store, ...sharedThroughPostgres(store, settings.DATABASE_URL) };
}

/** A site that sends mail (or prints it, in development) queues a mail with every notice. */
export const mailsNotices = (settings: Settings) => mailDelivery(settings) !== null;

/** Limits counted in PostgreSQL, and buses that ring every instance through LISTEN/NOTIFY (decision 0007). */
export function sharedThroughPostgres(store: PgStore, url: string): Omit<SharedState, 'store'> {
  const doorbell = createDoorbell({ connectionString: url, name: `auction-${process.pid}` });
  return {
    limits: { kind: 'postgres', pool: store.db.$client },
    bus: createPgBidBus({ doorbell, history: bidHistoryOf(store) }),
    notices: createPgNoticeBus({ doorbell }),
    sessionEnds: createPgSessionEnds(doorbell),
  };
}

/** The database in words for a message: the SQLite file, or PostgreSQL's URL without its password. */
export function databaseName(settings: Settings): string {
  return settings.DATABASE_URL ? redactedUrl(settings.DATABASE_URL) : settings.DATABASE_PATH;
}
