// Sign-up, login and logout. Rate limits live here so that tRPC and REST share them.
import { LOGIN_FAILED_MESSAGE } from '../../shared/constants';
import type { LoginInput, SignupInput } from '../../shared/schemas/auth';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { conflict, tooManyRequests, unauthorized } from './errors';
import { recordLogin, type ClientInfo } from './login-history';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import { findUserByEmail, toUser, type User } from './users';

export interface SignedIn {
  user: User;
  token: string;
  expiresAt: Date;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function signup(deps: AppDeps, input: SignupInput, client: ClientInfo): Promise<SignedIn> {
  const { db, limits, now } = deps;
  const wait = limits.signups.retryAfter(client.ip);
  if (wait > 0) throw tooManyRequests('Too many sign-ups from this address. Please try again later.', wait);
  limits.signups.record(client.ip);

  if (findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  let row;
  try {
    // `role` is not in the input type: every sign-up is a user; admins are made by create-admin.
    row = db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, createdAt: new Date(now()) })
      .returning()
      .get();
  } catch (error) {
    // Two sign-ups with one email at the same instant: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  recordLogin(db, row.id, 'signup', client, now());
  const session = createSession(db, row.id, now());
  return { user: toUser(row), ...session };
}

export async function login(deps: AppDeps, input: LoginInput, client: ClientInfo): Promise<SignedIn> {
  const { db, limits, now } = deps;
  const key = `${input.email}|${client.ip}`;
  const wait = limits.loginFailures.retryAfter(key);
  if (wait > 0) throw tooManyRequests('Too many failed login attempts. Please try again later.', wait);
  // Counted as a failure before the (slow) password check, so that attempts sent in parallel
  // cannot all pass the check above while the first ones are still hashing; success clears it.
  limits.loginFailures.record(key);

  const row = findUserByEmail(db, input.email);
  const valid = row ? await verifyPassword(input.password, row.passwordHash) : (await burnPasswordCheck(input.password), false);
  if (!row || !valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
  limits.loginFailures.reset(key);
  recordLogin(db, row.id, 'login', client, now());
  // A new session every time: an id planted before login is worth nothing after it.
  const session = createSession(db, row.id, now());
  return { user: toUser(row), ...session };
}

export function logout(deps: AppDeps, sessionId: string | null): void {
  if (sessionId) revokeSession(deps.db, sessionId);
}
