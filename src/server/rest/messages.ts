import type { FastifyRequest } from 'fastify';
import { param, unvalidatedBody, type RestRoutes } from './adapter';

/** A query-string value as sent (the procedure's schema checks it). */
const queryValue = (req: FastifyRequest, name: string): unknown => (req.query as Record<string, unknown>)[name];

export function messageRoutes(rest: RestRoutes) {
  rest('GET', '/auction/:id/messages', (caller, req) =>
    caller.messages.read({ auctionId: param(req, 'id'), with: queryValue(req, 'with') } as never),
  );
  // The path names the auction; the body says what, and, from the seller, `to` whom.
  rest(
    'POST',
    '/auction/:id/messages',
    (caller, req) => caller.messages.send({ ...(unvalidatedBody(req) as object), auctionId: param(req, 'id') } as never),
    { status: 201 },
  );
  rest('GET', '/user/conversations', (caller) => caller.messages.conversations());
}
