// What the server needs from the outside world, made once and handed to buildApp (tests hand in their own).
import {
  HOUR_MS,
  LOGIN_FAILURE_WINDOW_MS,
  RESET_ATTEMPTS_PER_ADDRESS,
  RESET_REQUESTS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
  RESETS_PER_ACCOUNT,
} from '../shared/constants';
import type { Store } from './db/store';
import type { Settings } from './env';
import { createBidBus, type BidBus } from './live/bid-bus';
import { createNoticeBus, type NoticeBus } from './live/notice-bus';
import { LiveStreams } from './live/streams';
import { mailOptions, type MailOptions } from './services/mail';
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
    /** Password reset requests per client address, and per email asked about. */
    resetRequestsPerAddress: SlidingWindowLimiter;
    resetRequestsPerAccount: SlidingWindowLimiter;
    /** Attempts to use a reset link per client address, and resets done per account. */
    resetsPerAddress: SlidingWindowLimiter;
    resetsPerAccount: SlidingWindowLimiter;
  };
  /** The mail server and the outbox worker's timing. */
  mail: MailOptions;
  passwords: PasswordHasher;
  bus: BidBus;
  /** Tells each user's live streams that their notices changed. */
  notices: NoticeBus;
  streams: LiveStreams;
}

/** The deps around an open store (db/open-store.ts opens the one the settings name). */
export function createDeps(
  settings: Settings,
  options: { store: Store; now?: () => number; mail?: Partial<Omit<MailOptions, 'from'>> },
): AppDeps {
  const now = options.now ?? Date.now;
  return {
    store: options.store,
    settings,
    now,
    limits: {
      loginFailures: new SlidingWindowLimiter(settings.LOGIN_FAILURES_LIMIT, LOGIN_FAILURE_WINDOW_MS, now),
      loginFailuresPerAddress: new SlidingWindowLimiter(settings.LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_MS, now),
      signups: new SlidingWindowLimiter(settings.SIGNUPS_PER_HOUR, HOUR_MS, now),
      resetRequestsPerAddress: new SlidingWindowLimiter(RESET_REQUESTS_PER_ADDRESS, HOUR_MS, now),
      resetRequestsPerAccount: new SlidingWindowLimiter(RESET_REQUESTS_PER_ACCOUNT, HOUR_MS, now),
      resetsPerAddress: new SlidingWindowLimiter(RESET_ATTEMPTS_PER_ADDRESS, HOUR_MS, now),
      resetsPerAccount: new SlidingWindowLimiter(RESETS_PER_ACCOUNT, HOUR_MS, now),
    },
    mail: { ...mailOptions(settings.SMTP_URL, settings.MAIL_FROM), ...options.mail },
    passwords: createPasswordHasher(),
    bus: createBidBus(),
    notices: createNoticeBus(),
    streams: new LiveStreams(),
  };
}
