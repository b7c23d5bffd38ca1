import type { FastifyRequest } from 'fastify';
import { param, unvalidatedBody, type RestRoutes } from './adapter';

/** The query string, handed to the procedure's schema unchecked (it validates it). */
const query = (req: FastifyRequest) => req.query as Record<string, unknown>;

export function userRoutes(rest: RestRoutes) {
  rest('GET', '/user', (caller) => caller.user.me());
  rest('PATCH', '/user', (caller, req) => caller.user.changePassword(unvalidatedBody(req)));
  rest('GET', '/user/settings', (caller) => caller.user.settings());
  rest('PATCH', '/user/settings', (caller, req) => caller.user.updateSettings(unvalidatedBody(req)));
  rest('POST', '/user/confirmation-email', (caller) => caller.user.sendConfirmationEmail(), { body: 'none' });
  rest('GET', '/user/logins', (caller) => caller.user.logins());
  rest('GET', '/user/notifications', (caller, req) => caller.user.notifications(query(req)));
  rest('POST', '/user/notifications/read', (caller, req) => caller.user.markNotificationsRead(unvalidatedBody(req)));
  rest('GET', '/user/watchlist', (caller) => caller.user.watchlist());
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
  rest('GET', '/user/bids', (caller) => caller.user.bids());
}
