// Helpers for the accounts suites: REST calls through app.inject and users inserted directly
// (one scrypt hash computed once) where a test needs an account but not the sign-up path.
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { AppDeps } from '../../src/server/deps';
import { users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/services/passwords';
import { uniqueEmail } from '../helpers';

export const PASSWORD = 'correct horse battery';
export const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let passwordHash: Promise<string> | undefined;

/** A user row with PASSWORD, without going through sign-up (no rate limit, no login history). */
export async function insertUser(deps: AppDeps, fields: { name?: string; email?: string; role?: 'user' | 'admin' } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const row = deps.db
    .insert(users)
    .values({
      name: fields.name ?? 'Inserted User',
      email: fields.email ?? uniqueEmail('inserted'),
      passwordHash: await passwordHash,
      role: fields.role ?? 'user',
      createdAt: new Date(deps.now()),
    })
    .returning()
    .get();
  return { ...row, password: PASSWORD };
}

type Headers = Record<string, string>;
export interface CallOptions {
  headers?: Headers;
  remoteAddress?: string;
  token?: string;
  cookie?: string;
}

function headersFor(options: CallOptions): Headers {
  const headers: Headers = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `sid=${options.cookie}`;
  return headers;
}

export function post(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headersFor(options) },
    payload: JSON.stringify(body),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function get(app: FastifyInstance, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: headersFor(options),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export function patch(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url,
    headers: { 'content-type': 'application/json', ...headersFor(options) },
    payload: JSON.stringify(body),
  });
}

export function signup(app: FastifyInstance, body: { name?: unknown; email?: unknown; password?: unknown; [k: string]: unknown }, options: CallOptions = {}) {
  return post(app, '/api/auth/signup', body, options);
}

export function login(app: FastifyInstance, email: string, password: string, options: CallOptions = {}) {
  return post(app, '/api/auth/login', { email, password }, options);
}

/** Signs a user up through REST and returns its email, token and cookie value. */
export async function signedUp(app: FastifyInstance, options: CallOptions & { name?: string } = {}) {
  const email = uniqueEmail('rest');
  const res = await signup(app, { name: options.name ?? 'Rest User', email, password: PASSWORD }, options);
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { _id: string }; token: string };
  return { email, password: PASSWORD, token: body.token, user: body.user, res };
}

/** The Set-Cookie header for the session cookie, as sent. */
export function rawSessionCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith('sid='));
  if (!found) throw new Error('no sid Set-Cookie header');
  return found;
}

export function expectErrorBody(res: LightMyRequestResponse): { error: string; message: string; issues?: Array<{ path: string; message: string }> } {
  const body = res.json() as { error: string; message: string; issues?: Array<{ path: string; message: string }> };
  if (typeof body.error !== 'string' || body.error.length === 0 || body.error !== body.message) {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}
