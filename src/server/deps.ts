// What the server needs from the outside world, made once and handed to buildApp (tests hand in their own).
import { HOUR_MS, LOGIN_FAILURE_WINDOW_MS } from '../shared/constants';
import { createSqliteStore } from './db/sqlite/store';
import type { Store } from './db/store';
import type { Settings } from './env';
import { createBidBus, type BidBus } from './live/bid-bus';
import { createNoticeBus, type NoticeBus } from './live/notice-bus';
import { LiveStreams } from './live/streams';
import { createPasswordHasher, type PasswordHasher } from './services/passwords';
import { SlidingWindowLimiter } from './services/rate-limit';

export interface AppDeps {
  /** The database, behind the queries the services need (db/store.ts). */
  store: Store;
  settings: Settings;
  /** The server's clock, in epoch milliseconds; tests move it. */
  now: () => number;
  limits: {
    /** Failed logins per account and client address. */
    loginFailures: SlidingWindowLimiter;
    /** Failed logins per client address, over all accounts (password spraying). */
    loginFailuresPerAddress: SlidingWindowLimiter;
    signups: SlidingWindowLimiter;
  };
  passwords: PasswordHasher;
  bus: BidBus;
  /** Tells each user's live streams that their notices changed. */
  notices: NoticeBus;
  streams: LiveStreams;
}

export function createDeps(settings: Settings, options: { store?: Store; now?: () => number } = {}): AppDeps {
  const now = options.now ?? Date.now;
  return {
    store: options.store ?? createSqliteStore(settings.DATABASE_PATH),
    settings,
    now,
    limits: {
      loginFailures: new SlidingWindowLimiter(settings.LOGIN_FAILURES_LIMIT, LOGIN_FAILURE_WINDOW_MS, now),
      loginFailuresPerAddress: new SlidingWindowLimiter(settings.LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS, now),
      signups: new SlidingWindowLimiter(settings.SIGNUPS_PER_HOUR, HOUR_MS, now),
    },
    passwords: createPasswordHasher(),
    bus: createBidBus(),
    notices: createNoticeBus(),
    streams: new LiveStreams(),
  };
}
