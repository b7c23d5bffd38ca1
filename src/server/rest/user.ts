import type { FastifyRequest } from 'fastify';
import { unvalidatedBody, type RestRoutes } from './adapter';

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
}
