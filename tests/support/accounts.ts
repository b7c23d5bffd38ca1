// Accounts and callers for tests that need someone signed in but are not about signing up: users are
// inserted straight into the store with one scrypt hash computed once, and sessions made for them.
// Tests about sign-up itself go through auth.signup (anonymousCaller) or POST /api/auth/signup (http.ts).
import { TRPCError } from '@trpc/server';
import type { AppDeps } from '../../src/server/deps';
import { avatarUrl } from '../../src/server/services/avatars';
import { hashPassword } from '../../src/server/services/passwords';
import { createSession, findSessionUser } from '../../src/server/services/sessions';
import { createInnerContext } from '../../src/server/trpc/context';
import { describeError } from '../../src/server/trpc/errors';
import { createCaller, type Caller } from '../../src/server/trpc/router';
import type { Role } from '../../src/shared/constants';
import { uniqueEmail } from './emails';

export const PASSWORD = 'correct horse battery';
export const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let passwordHash: Promise<string> | undefined;

/**
 * A user row with PASSWORD, without going through sign-up (no rate limit, no login history, no
 * confirmation mail). Its address is confirmed, so that its notices are mailed, unless `confirmed` is false.
 */
export async function insertUser(deps: AppDeps, fields: { name?: string; email?: string; role?: Role; confirmed?: boolean } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const createdAt = new Date(deps.now());
  const row = await deps.store.users.insert({
    name: fields.name ?? 'Inserted User',
    email: fields.email ?? uniqueEmail('inserted'),
    passwordHash: await passwordHash,
    role: fields.role ?? 'user',
    createdAt,
    emailVerifiedAt: fields.confirmed === false ? null : createdAt,
  });
  if (!row) throw new Error('insertUser: that email is taken');
  return { ...row, password: PASSWORD };
}

/** A caller acting as the user of that session; `signal` ends its subscriptions. */
export async function callerFor(deps: AppDeps, token: string, options: { signal?: AbortSignal } = {}): Promise<Caller> {
  const user = await findSessionUser(deps, token);
  if (!user) throw new Error('callerFor: no live session for that token');
  return createCaller(createInnerContext(deps, { user }), options);
}

/** A new session of an existing user: its token, and a caller acting as that user. */
export async function sessionOf(deps: AppDeps, userId: number): Promise<{ token: string; caller: Caller }> {
  const { token } = await createSession(deps, userId);
  return { token, caller: await callerFor(deps, token) };
}

/**
 * A user inserted with PASSWORD and signed in: the row (id, name, email, role…), `_id` as the API
 * writes it, `user` as auth.session answers it, a session `token`, and a `caller` acting as them.
 */
export async function signedInUser(deps: AppDeps, name = 'Test User', fields: { email?: string; role?: Role; confirmed?: boolean } = {}) {
  const row = await insertUser(deps, { name, ...fields });
  const session = await sessionOf(deps, row.id);
  const _id = String(row.id);
  const avatar = avatarUrl(row, deps.settings.PUBLIC_URL);
  const emailVerified = row.emailVerifiedAt !== null;
  const user = { _id, name: row.name, email: row.email, avatar, role: row.role, emailVerified, twoFactor: false };
  return { ...row, _id, user, ...session };
}

/** A login's answer for an account without a second step (two-factor off); anything else fails the test. */
export async function signedIn<Answer extends object>(login: Promise<Answer>): Promise<Extract<Answer, { user: unknown }>> {
  const answer = await login;
  if (!('user' in answer)) throw new Error('signedIn: the login asked for a two-factor code');
  return answer as Extract<Answer, { user: unknown }>;
}

export function anonymousCaller(deps: AppDeps, ip = '127.0.0.1'): Caller {
  return createCaller(createInnerContext(deps, { client: { ip } }));
}

/** The TRPCError a call fails with, read as a person would: code, message, field issues. */
export async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  const { message, issues } = describeError(error);
  return { code: error.code, message, issues };
}
