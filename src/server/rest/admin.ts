import type { FastifyRequest } from 'fastify';
import type { RestRoutes } from './adapter';

/** Query-string parameters, handed to the procedure's schema unchecked (it validates them). */
const query = (req: FastifyRequest) => req.query as never;

export function adminRoutes(rest: RestRoutes) {
  rest('GET', '/admin/dashboard', (caller) => caller.admin.dashboard());
  rest('GET', '/admin/users', (caller, req) => caller.admin.users(query(req)));
}
