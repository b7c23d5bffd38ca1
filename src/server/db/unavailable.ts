// A database that cannot be reached, or that dropped the connection (PostgreSQL restarting), is a
// passing outage, not a bug: requests in flight answer 503 with a message a person can act on, and
// the pool connects afresh for the next ones. Both doors (rest/errors.ts, trpc/init.ts) ask here.

export const DATABASE_UNAVAILABLE_MESSAGE = 'The site cannot reach its database just now. Please try again in a moment.';

/** Node's codes for a connection refused, cut or never made. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL shutting down or starting up (admin_shutdown, crash_shutdown, cannot_connect_now), or
 * out of connections for now (too_many_connections): every instance's pools together hold more
 * than the server's max_connections.
 */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres throws, without a code, when a connection ends under a query or cannot be had. */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /connection error and is not queryable/];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception.
    if (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}
