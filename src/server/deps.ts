// What the server needs from the outside world, made once and handed to buildApp (tests hand in their own).
import { HOUR_MS, LOGIN_FAILURE_WINDOW_MS } from '../shared/constants';
import { openDatabase, type Db } from './db/client';
import type { Settings } from './env';
import { createBidBus, type BidBus } from './live/bid-bus';
import { SlidingWindowLimiter } from './services/rate-limit';

export interface AppDeps {
  db: Db;
  settings: Settings;
  /** The server's clock, in epoch milliseconds; tests move it. */
  now: () => number;
  limits: {
    loginFailures: SlidingWindowLimiter;
    signups: SlidingWindowLimiter;
  };
  bus: BidBus;
}

export function createDeps(settings: Settings, options: { db?: Db; now?: () => number } = {}): AppDeps {
  const now = options.now ?? Date.now;
  return {
    db: options.db ?? openDatabase(settings.DATABASE_PATH),
    settings,
    now,
    limits: {
      loginFailures: new SlidingWindowLimiter(settings.LOGIN_FAILURES_LIMIT, LOGIN_FAILURE_WINDOW_MS, now),
      signups: new SlidingWindowLimiter(settings.SIGNUPS_PER_HOUR, HOUR_MS, now),
    },
    bus: createBidBus(),
  };
}
