import { unvalidatedBody, type RestRoutes } from './adapter';

export function userRoutes(rest: RestRoutes) {
  rest('GET', '/user', (caller) => caller.user.me());
  rest('PATCH', '/user', (caller, req) => caller.user.changePassword(unvalidatedBody(req)));
  rest('GET', '/user/settings', (caller) => caller.user.settings());
  rest('PATCH', '/user/settings', (caller, req) => caller.user.updateSettings(unvalidatedBody(req)));
  rest('GET', '/user/logins', (caller) => caller.user.logins());
}
