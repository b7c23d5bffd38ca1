// Second-chance offers over REST: the same procedures as tRPC's offers router, the path naming the
// auction or the offer.
import { param, unvalidatedBody, type RestRoutes } from './adapter';

export function offerRoutes(rest: RestRoutes) {
  // The path names the auction; the body says to whom, and cannot name another auction.
  rest(
    'POST',
    '/auction/:id/offers',
    (caller, req) => caller.offers.make({ ...(unvalidatedBody(req) as object), auctionId: param(req, 'id') } as never),
    {
      status: 201,
    },
  );
  rest('GET', '/auction/:id/offers', (caller, req) => caller.offers.ofAuction({ auctionId: param(req, 'id') }));
  rest('GET', '/user/offers', (caller) => caller.offers.mine());
  rest('POST', '/offers/:id/accept', (caller, req) => caller.offers.accept({ id: param(req, 'id') }), { status: 201 });
  rest('POST', '/offers/:id/decline', (caller, req) => caller.offers.decline({ id: param(req, 'id') }));
}
