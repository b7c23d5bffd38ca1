// The context every procedure sees: dependencies, the session's user, and who is calling.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { RowBudget } from '../domain/request-cost';
import type { ClientInfo } from '../services/login-history';
import { findSessionUser, type SessionUser } from '../services/sessions';
import { unavailableOr } from './errors';

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
  /**
   * Set by a door that took the account's upload place itself before reading the body (REST reads
   * the form before it calls the procedure), so that the procedure does not take a second one.
   */
  uploadPlaceHeld?: boolean;
  /**
   * The rows this request's calls may still read (domain/request-cost.ts); a list read is charged
   * before it runs. A context without HTTP (tests, scripts) has none: nothing is counted.
   */
  budget?: RowBudget;
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

/** The tokens a request carries: the cookie's, then an `Authorization: Bearer` one. */
export function sessionTokens(req: FastifyRequest): string[] {
  const header = req.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  return [req.cookies[SESSION_COOKIE], bearer].filter((t): t is string => Boolean(t));
}

export async function createRequestContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  // A stale cookie must not hide a valid bearer token sent with it.
  let user: SessionUser | null = null;
  try {
    for (const token of sessionTokens(req)) {
      user = await findSessionUser(deps, token);
      if (user) break;
    }
  } catch (error) {
    throw unavailableOr(error);
  }
  // The cookie only travels over HTTPS when the request came over HTTPS (X-Forwarded-Proto only with TRUST_PROXY).
  const secure = req.protocol === 'https';
  return {
    deps,
    user,
    client: { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' },
    budget: new RowBudget(),
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
