import { param, unvalidatedBody, type RestRoutes } from './adapter';

export function userRoutes(rest: RestRoutes) {
  rest('GET', '/user', (caller) => caller.user.me());
  rest('PATCH', '/user', (caller, req) => caller.user.changePassword(unvalidatedBody(req)));
  rest('GET', '/user/logins', (caller) => caller.user.logins());
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
