// The rate limits on attempts: failed logins, sign-ups, password resets and address confirmations per
// client, and messages and data downloads per account (other reads, bids and uploads are never limited). rate-limiter-flexible
// counts them, in this process's memory for one instance, or in a PostgreSQL table that every instance
// on the same database shares. Each limit is a window that opens at a key's first attempt; when it
// ends, the key starts afresh.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  CONFIRMATION_ATTEMPTS_PER_ADDRESS,
  CONFIRMATION_MAILS_PER_HOUR,
  EXPORTS_PER_HOUR,
  HOUR_MS,
  LOGIN_FAILURE_WINDOW_MS,
  RESET_ATTEMPTS_PER_ADDRESS,
  RESET_REQUESTS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
  RESETS_PER_ACCOUNT,
} from '../../shared/constants';
import { tooManyRequests } from '../domain/errors';
import type { Settings } from '../env';

export interface Limit {
  /**
   * Counts one attempt of `key` and answers 0; or, when the key has used up its window, counts
   * nothing and answers the milliseconds until the window ends. Checking and counting are one step
   * in the store, so attempts sent at once, to one instance or to several, cannot all slip in.
   */
  take(key: string): Promise<number>;
  /** Takes back one attempt that `take` counted and that turned out not to count. */
  giveBack(key: string): Promise<void>;
  /** Forgets every attempt of `key`. */
  reset(key: string): Promise<void>;
}

export interface Limits {
  /** Failed logins per account and client address. */
  loginFailures: Limit;
  /** Failed logins per client address, over all accounts (password spraying). */
  loginFailuresPerAddress: Limit;
  signups: Limit;
  /**
   * Password reset requests per client address, and per email asked about and client address: a
   * stranger's requests from elsewhere never count against the owner's own.
   */
  resetRequestsPerAddress: Limit;
  resetRequestsPerAccountAndAddress: Limit;
  /** Attempts to use (or check) a reset link per client address, and resets done per account. */
  resetsPerAddress: Limit;
  resetsPerAccount: Limit;
  /** Confirmation links sent again per account, and confirmation links tried per client address. */
  confirmationMailsPerAccount: Limit;
  confirmationsPerAddress: Limit;
  /** Messages written per account, over all its conversations. */
  messagesPerAccount: Limit;
  /** Downloads of one's data per account. */
  exportsPerAccount: Limit;
}

/** Where the counts live: `memory` serves one process; `postgres` every instance on that database. */
export type LimitsBackend = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool };

/** The table the PostgreSQL backend keeps its counts in, made by rate-limiter-flexible itself. */
export const RATE_LIMITS_TABLE = 'rate_limits';

function sizes(settings: Settings): Record<keyof Limits, { attempts: number; windowMs: number }> {
  return {
    loginFailures: { attempts: settings.LOGIN_FAILURES_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
    loginFailuresPerAddress: { attempts: settings.LOGIN_FAILURES_PER_ADDRESS, windowMs: LOGIN_FAILURE_WINDOW_MS },
    signups: { attempts: settings.SIGNUPS_PER_HOUR, windowMs: HOUR_MS },
    resetRequestsPerAddress: { attempts: RESET_REQUESTS_PER_ADDRESS, windowMs: HOUR_MS },
    resetRequestsPerAccountAndAddress: { attempts: RESET_REQUESTS_PER_ACCOUNT, windowMs: HOUR_MS },
    resetsPerAddress: { attempts: RESET_ATTEMPTS_PER_ADDRESS, windowMs: HOUR_MS },
    resetsPerAccount: { attempts: RESETS_PER_ACCOUNT, windowMs: HOUR_MS },
    confirmationMailsPerAccount: { attempts: CONFIRMATION_MAILS_PER_HOUR, windowMs: HOUR_MS },
    confirmationsPerAddress: { attempts: CONFIRMATION_ATTEMPTS_PER_ADDRESS, windowMs: HOUR_MS },
    messagesPerAccount: { attempts: settings.MESSAGES_PER_HOUR, windowMs: HOUR_MS },
    exportsPerAccount: { attempts: EXPORTS_PER_HOUR, windowMs: HOUR_MS },
  };
}

/** Every limit of the app, counted by `backend`. */
export function createLimits(settings: Settings, backend: LimitsBackend): Limits {
  const entries = Object.entries(sizes(settings)).map(([name, { attempts, windowMs }], index) => {
    const options = { keyPrefix: name, points: attempts, duration: windowMs / 1000 };
    const limiter =
      backend.kind === 'memory'
        ? new RateLimiterMemory(options)
        : new RateLimiterPostgres({
            ...options,
            storeClient: backend.pool,
            tableName: RATE_LIMITS_TABLE,
            // Made by a migration (drizzle/pg), not by each instance at its first attempt.
            tableCreated: true,
            // All limits share the table: one of them deleting its expired rows every few minutes is enough.
            clearExpiredByTimeout: index === 0,
          });
    return [name, limitOn(limiter)] as const;
  });
  return Object.fromEntries(entries) as Record<keyof Limits, Limit>;
}

/**
 * Keys are hashed: an email and an address fit the table's key column (255 characters) whatever
 * their length, and no email address is kept with the counts.
 */
function hashed(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function limitOn(limiter: RateLimiterAbstract): Limit {
  return {
    async take(key) {
      try {
        await limiter.consume(hashed(key));
        return 0;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        // The store counted the refused attempt as well: taken back, a refusal costs the key nothing.
        await limiter.reward(hashed(key));
        // At least 1: a window that ends between the store's answer and this line still refused.
        return Math.max(refusal.msBeforeNext, 1);
      }
    },
    async giveBack(key) {
      await limiter.reward(hashed(key));
    },
    async reset(key) {
      await limiter.delete(hashed(key));
    },
  };
}

/**
 * Takes one attempt from each limit, or, when any of them refuses, from none: answers the longest
 * wait, or 0 when every limit counted the attempt.
 */
export async function takeAll(attempts: Array<[Limit, string]>): Promise<number> {
  const waits = await Promise.all(attempts.map(([limit, key]) => limit.take(key)));
  const wait = Math.max(...waits);
  if (wait > 0) await Promise.all(attempts.filter((_, i) => waits[i] === 0).map(([limit, key]) => limit.giveBack(key)));
  return wait;
}

/** Takes one attempt from each limit, or, when any of them is full, refuses with 429 and `message` (counting nothing). */
export async function spendOrRefuse(attempts: Array<[Limit, string]>, message: string): Promise<void> {
  const wait = await takeAll(attempts);
  if (wait > 0) throw tooManyRequests(message, wait);
}
