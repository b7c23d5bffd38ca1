import type { FastifyRequest } from 'fastify';
import { param, unvalidatedBody, type RestRoutes } from './adapter';

/** Query-string parameters, handed to the procedure's schema unchecked (it validates them). */
const query = (req: FastifyRequest) => req.query as never;

export function adminRoutes(rest: RestRoutes) {
  rest('GET', '/admin/dashboard', (caller) => caller.admin.dashboard());
  rest('GET', '/admin/users', (caller, req) => caller.admin.users(query(req)));
  // The path names the auction and the user; the body gives the reason and cannot name others.
  rest('DELETE', '/admin/auctions/:id/bidders/:userId', (caller, req) =>
    caller.admin.removeBidder({ ...(unvalidatedBody(req) as object), auctionId: param(req, 'id'), userId: param(req, 'userId') } as never),
  );
  // The path names the account or the auction; the body cannot name another.
  rest('PATCH', '/admin/users/:id/status', (caller, req) =>
    caller.admin.setUserStatus({ ...(unvalidatedBody(req) as object), id: param(req, 'id') } as never),
  );
  rest('PATCH', '/admin/users/:id/role', (caller, req) =>
    caller.admin.setUserRole({ ...(unvalidatedBody(req) as object), id: param(req, 'id') } as never),
  );
  // The path names the account; any body is ignored.
  rest('DELETE', '/admin/users/:id', (caller, req) => caller.admin.deleteUser({ id: param(req, 'id') }), { body: 'none' });
  rest('POST', '/admin/auctions/:id/cancel', (caller, req) =>
    caller.admin.cancelAuction({ ...(unvalidatedBody(req) as object), id: param(req, 'id') } as never),
  );
  rest('GET', '/admin/audit', (caller, req) => caller.admin.audit(query(req)));
}
