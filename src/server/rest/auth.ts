import { unvalidatedBody, type RestRoutes } from './adapter';

export function authRoutes(rest: RestRoutes) {
  rest('POST', '/auth/signup', (caller, req) => caller.auth.signup(unvalidatedBody(req)), { status: 201 });
  rest('POST', '/auth/login', (caller, req) => caller.auth.login(unvalidatedBody(req)));
  rest('POST', '/auth/login/2fa', (caller, req) => caller.auth.loginWithCode(unvalidatedBody(req)));
  rest('POST', '/auth/forgot', (caller, req) => caller.auth.forgotPassword(unvalidatedBody(req)));
  rest('POST', '/auth/reset', (caller, req) => caller.auth.resetPassword(unvalidatedBody(req)));
  rest('POST', '/auth/reset/check', (caller, req) => caller.auth.checkResetToken(unvalidatedBody(req)));
  rest('POST', '/auth/verify-email', (caller, req) => caller.auth.verifyEmail(unvalidatedBody(req)));
  rest('POST', '/auth/logout', (caller) => caller.auth.logout(), { body: 'none' });
}
