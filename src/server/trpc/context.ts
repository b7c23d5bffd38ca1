// The context every procedure sees: dependencies, the session's user, and who is calling.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { ClientInfo } from '../services/login-history';
import { findSessionUser, type SessionUser } from '../services/sessions';

export const SESSION_COOKIE = 'sid';

/** How a procedure hands the session to the browser; a no-op outside HTTP. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  client: ClientInfo;
  cookie: SessionCookie;
}

const noCookie: SessionCookie = { set() {}, clear() {} };

/** A context without HTTP, for tests and scripts. */
export function createInnerContext(
  deps: AppDeps,
  options: { user?: SessionUser | null; client?: Partial<ClientInfo>; cookie?: SessionCookie } = {},
): Context {
  return {
    deps,
    user: options.user ?? null,
    client: { ip: options.client?.ip ?? '127.0.0.1', userAgent: options.client?.userAgent ?? '' },
    cookie: options.cookie ?? noCookie,
  };
}

/** The cookie's token, or else an `Authorization: Bearer` token. */
export function sessionToken(req: FastifyRequest): string | null {
  const fromCookie = req.cookies[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function createRequestContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Context {
  const token = sessionToken(req);
  const user = token ? findSessionUser(deps.db, token, deps.now()) : null;
  // The cookie only travels over HTTPS when the request came over HTTPS (X-Forwarded-Proto only with TRUST_PROXY).
  const secure = req.protocol === 'https';
  return {
    deps,
    user,
    client: { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' },
    cookie: {
      set(value, expiresAt) {
        reply.setCookie(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt });
      },
      clear() {
        reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
      },
    },
  };
}
