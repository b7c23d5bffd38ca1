// Orders over REST: the same procedures as tRPC's orders router, the path naming the order; the orders
// page calls the procedure's service itself.
import type { FastifyRequest } from 'fastify';
import { listOrdersInput } from '../../shared/orders';
import { listOrders } from '../services/orders';
import { param, signedInUser, unvalidatedBody, type RestRoutes } from './adapter';

/** The query string, handed to the procedure's schema unchecked (it validates it). */
const query = (req: FastifyRequest) => req.query as Record<string, unknown>;

/** The body's fields with the path's order id, which the body cannot override. */
const withId = (req: FastifyRequest) => ({ ...(unvalidatedBody(req) as object), id: param(req, 'id') }) as never;

export function orderRoutes(rest: RestRoutes) {
  // The orders page checks what orders.list checks (signed in, then its schema) and calls its service
  // without the tRPC caller (docs/decisions/0023-hot-reads-call-their-services.md).
  rest('GET', '/orders', (_caller, req, ctx) => listOrders(ctx.deps, signedInUser(ctx), listOrdersInput.parse(query(req))));
  rest('GET', '/orders/:id', (caller, req) => caller.orders.get({ id: param(req, 'id') }));
  rest('POST', '/orders/:id/paid', (caller, req) => caller.orders.paid(withId(req)));
  rest('POST', '/orders/:id/shipped', (caller, req) => caller.orders.shipped(withId(req)));
  rest('POST', '/orders/:id/received', (caller, req) => caller.orders.received(withId(req)));
  rest('POST', '/orders/:id/cancel', (caller, req) => caller.orders.cancel(withId(req)));
  rest('POST', '/orders/:id/feedback', (caller, req) => caller.orders.feedback(withId(req)), { status: 201 });
}
