import type { FastifyRequest } from 'fastify';
import { pageAnswer, param, unvalidatedBody, type RestRoutes } from './adapter';

/** The query string, handed to the procedure's schema unchecked (it validates it). */
const query = (req: FastifyRequest) => req.query as Record<string, unknown>;

export function userRoutes(rest: RestRoutes) {
  rest('GET', '/user', (caller) => caller.user.me());
  rest('PATCH', '/user', (caller, req) => caller.user.changePassword(unvalidatedBody(req)));
  rest('GET', '/user/settings', (caller) => caller.user.settings());
  rest('PATCH', '/user/settings', (caller, req) => caller.user.updateSettings(unvalidatedBody(req)));
  rest('GET', '/user/logins', (caller) => caller.user.logins());
  rest('GET', '/user/notifications', (caller, req) => caller.user.notifications(query(req)));
  rest('POST', '/user/notifications/read', (caller, req) => caller.user.markNotificationsRead(unvalidatedBody(req)));
  // Pages, as the auction list's: `limit` (default 100) and `cursor`, the next page's cursor in X-Next-Cursor.
  rest('GET', '/user/watchlist', async (caller, req) => pageAnswer(await caller.user.watchlist(query(req))));
  // The path names the auction; any body is ignored.
  rest(
    'PUT',
    '/user/watchlist/:auctionId',
    (caller, req) => caller.user.setWatching({ auctionId: param(req, 'auctionId'), watching: true }),
    {
      body: 'none',
    },
  );
  rest(
    'DELETE',
    '/user/watchlist/:auctionId',
    (caller, req) => caller.user.setWatching({ auctionId: param(req, 'auctionId'), watching: false }),
    {
      body: 'none',
    },
  );
  rest('GET', '/user/bids', async (caller, req) => pageAnswer(await caller.user.bids(query(req))));
}
