// Requests through app.inject as a client sends them (JSON bodies, the session as a cookie or a bearer
// token, the client's address), the REST sign-up and login, and the checks every REST answer shares.
import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/server/trpc/context';
import { PASSWORD } from './accounts';
import { uniqueEmail } from './emails';

type Headers = Record<string, string>;

export interface CallOptions {
  headers?: Headers;
  /** The socket's peer address as the server sees it. */
  remoteAddress?: string;
  /** A session token sent as `Authorization: Bearer`. */
  token?: string;
  /** A session token sent as the session cookie. */
  cookie?: string;
}

/** A Cookie header carrying this session token. */
export const sessionCookieHeader = (token: string) => `${SESSION_COOKIE}=${token}`;

/** inject's `cookies` option carrying this session token. */
export const sessionCookies = (token: string) => ({ [SESSION_COOKIE]: token });

/** inject's options for a request; `body` goes as JSON, a string as it is (to send JSON that does not parse). */
export function request(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions & { body?: unknown } = {},
): InjectOptions {
  const headers: Headers = options.body === undefined ? {} : { 'content-type': 'application/json' };
  Object.assign(headers, options.headers);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = sessionCookieHeader(options.cookie);
  return {
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
}

/** A multipart form (an auction with its photo) as the browser posts it. */
export function postForm(app: FastifyInstance, url: string, form: FormData, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ ...request('POST', url, options), payload: form as never });
}

export function get(app: FastifyInstance, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject(request('GET', url, options));
}

/** A JSON POST; the body is always serialised, a string too. */
export function post(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject(request('POST', url, { ...options, body: JSON.stringify(body) }));
}

export function patch(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject(request('PATCH', url, { ...options, body: JSON.stringify(body) }));
}

export function signup(
  app: FastifyInstance,
  body: { name?: unknown; email?: unknown; password?: unknown; [k: string]: unknown },
  options: CallOptions = {},
) {
  return post(app, '/api/auth/signup', body, options);
}

export function login(app: FastifyInstance, email: string, password: string, options: CallOptions = {}) {
  return post(app, '/api/auth/login', { email, password }, options);
}

/** POST /api/auth/logout as the client sends it: no body. */
export function logout(app: FastifyInstance, options: CallOptions = {}) {
  return app.inject(request('POST', '/api/auth/logout', options));
}

/** Signs a user up through REST (for tests about sign-up and what it sets); its email, token and the answer. */
export async function signedUp(app: FastifyInstance, options: CallOptions & { name?: string } = {}) {
  const email = uniqueEmail('rest');
  const res = await signup(app, { name: options.name ?? 'Rest User', email, password: PASSWORD }, options);
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { _id: string }; token: string };
  return { email, password: PASSWORD, token: body.token, user: body.user, res };
}

/** The session cookie a response set: its value, and its Set-Cookie header as sent (with the flags). */
export function sessionCookie(res: LightMyRequestResponse): { value: string; header: string } {
  const found = res.cookies.find((c) => c.name === SESSION_COOKIE);
  const sent = res.headers['set-cookie'];
  const header = (Array.isArray(sent) ? sent : sent ? [sent] : []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!found || !header) throw new Error('no session cookie in the response');
  return { value: found.value, header };
}

export type ErrorBody = { error: string; message: string; issues?: Array<{ path: string; message: string }> };

/** The body every refusal has: `{error, message}` saying the same, and field issues when there are some. */
export function expectErrorBody(res: LightMyRequestResponse): ErrorBody {
  const body = res.json() as ErrorBody;
  if (typeof body.error !== 'string' || body.error.length === 0 || body.error !== body.message) {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}

/** A 429 with an error body and a Retry-After of whole seconds; returns those seconds. */
export function expectTooMany(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  expectErrorBody(res);
  const header = String(res.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}
