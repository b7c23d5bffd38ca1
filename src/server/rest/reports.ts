// Reports of listings over REST: the same procedures as tRPC's reports router, the path naming the
// auction or the report.
import type { FastifyRequest } from 'fastify';
import { param, unvalidatedBody, type RestRoutes } from './adapter';

/** Query-string parameters, handed to the procedure's schema unchecked (it validates them). */
const query = (req: FastifyRequest) => req.query as never;

export function reportRoutes(rest: RestRoutes) {
  // The path names the auction; the body cannot name another.
  rest(
    'POST',
    '/auction/:id/report',
    (caller, req) => caller.reports.make({ ...(unvalidatedBody(req) as object), auctionId: param(req, 'id') } as never),
    {
      status: 201,
    },
  );
  rest('GET', '/admin/reports', (caller, req) => caller.reports.list(query(req)));
  rest('POST', '/admin/reports/:id/resolve', (caller, req) =>
    caller.reports.resolve({ ...(unvalidatedBody(req) as object), id: param(req, 'id') } as never),
  );
}
